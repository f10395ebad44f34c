import { Type } from 'typebox';
import { viewOfMember } from '../../domain/teams/session-view.ts';
import { signIn } from '../../domain/teams/sign-in.ts';
import { assertSameOriginIfSent } from '../../http/csrf.ts';
import { defineRoute } from '../../http/route.ts';
import { setSession } from './cookie.ts';
import { CodeField, EmailField, PasswordField, SESSION_COOKIE_NOTE, SessionAnswer } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/auth/sign-in',
  summary: 'Sign in with e-mail and password',
  description:
    `${SESSION_COOKIE_NOTE} A wrong password, an unknown e-mail, a missing or wrong \`totpCode\` answer the same 401 and count alike. ` +
    'When the person enrolled a second factor, send `totpCode` too. ' +
    'Repeated failures are slowed down and then locked for a while (429 with Retry-After); attempts sent at once count as attempts in a row. ' +
    'A request with an Origin or Referer of another site is refused (403). ' +
    'A person in several projects is signed in to `projectId`, or else to the first project they joined.',
  tags: ['auth'],
  auth: false,
  body: Type.Object(
    {
      email: EmailField,
      password: PasswordField,
      totpCode: Type.Optional(CodeField),
      projectId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    },
    { additionalProperties: false },
  ),
  response: { 200: SessionAnswer },
  // 503: the counts and the person are read from the database, which may be unreachable or overloaded.
  errors: [401, 403, 404, 429, 503],
  handler: async ({ body, request, reply }, ctx) => {
    // A foreign page must not sign the browser in to an account of its choosing.
    assertSameOriginIfSent(request, ctx.config.PUBLIC_URL ?? '');
    const signed = await signIn(ctx, body, request.ip);
    setSession(ctx, reply, signed.session);
    return { success: true, session: await viewOfMember(ctx, signed.memberId, signed.session.expiresAt) };
  },
});
