import { Type } from 'typebox';
import { acceptInvitation } from '../../domain/teams/invitations.ts';
import { viewOfMember } from '../../domain/teams/session-view.ts';
import { assertSameOrigin, assertSameOriginIfSent } from '../../http/csrf.ts';
import { defineRoute } from '../../http/route.ts';
import { setSession, viewerOf } from './cookie.ts';
import { CodeField, PasswordField, SESSION_COOKIE_NOTE, SessionAnswer, TokenParams } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/auth/invitations/:token/accept',
  summary: 'Accept an invitation',
  description:
    'Makes the membership and signs in. A browser signed in as the invited person accepts with an empty body. ' +
    'Otherwise an e-mail that already has an account is proved exactly as at sign-in: its `password`, and `totpCode` when it has two-factor sign-in, ' +
    'on the same lockout (failures here and at sign-in count together; 429 with Retry-After); a new e-mail chooses its `password` (at least 10 characters). ' +
    'A refusal leaves the link usable; it works once. ' +
    SESSION_COOKIE_NOTE,
  tags: ['auth'],
  auth: false,
  readsSession: true,
  params: TokenParams,
  body: Type.Object(
    { password: Type.Optional(PasswordField), totpCode: Type.Optional(CodeField) },
    { additionalProperties: false },
  ),
  response: { 200: SessionAnswer },
  errors: [401, 403, 404, 409, 429, 503],
  handler: async ({ params, body, request, reply }, ctx) => {
    const viewer = await viewerOf(ctx, request);
    // A session is proof of the person only from the service's own pages (CSRF).
    if (viewer) assertSameOrigin(request, ctx.config.PUBLIC_URL ?? '');
    else assertSameOriginIfSent(request, ctx.config.PUBLIC_URL ?? '');
    const accepted = await acceptInvitation(ctx, params.token, body, { ip: request.ip, viewer });
    setSession(ctx, reply, accepted.session);
    return { success: true, session: await viewOfMember(ctx, accepted.memberId, accepted.session.expiresAt) };
  },
});
