import { Type } from 'typebox';
import { acceptInvitation } from '../../domain/teams/invitations.ts';
import { viewOfMember } from '../../domain/teams/session-view.ts';
import { assertSameOrigin } from '../../http/csrf.ts';
import { defineRoute } from '../../http/route.ts';
import { setSession } from './cookie.ts';
import { PasswordField, SESSION_COOKIE_NOTE, SessionAnswer, TokenParams } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/auth/invitations/:token/accept',
  summary: 'Accept an invitation',
  description:
    'Makes the membership and signs in. A new person chooses their password here (at least 10 characters); ' +
    'a person who already has one (a member of another project) enters it. The link works once. ' +
    SESSION_COOKIE_NOTE,
  tags: ['auth'],
  auth: false,
  params: TokenParams,
  body: Type.Object({ password: PasswordField }, { additionalProperties: false }),
  response: { 200: SessionAnswer },
  errors: [401, 403, 404, 409],
  handler: async ({ params, body, request, reply }, ctx) => {
    if (request.headers.origin !== undefined) assertSameOrigin(request, ctx.config.PUBLIC_URL ?? '');
    const accepted = await acceptInvitation(ctx, params.token, body.password);
    setSession(ctx, reply, accepted.session);
    return { success: true, session: await viewOfMember(ctx, accepted.memberId, accepted.session.expiresAt) };
  },
});
