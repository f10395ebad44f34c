import { Type } from 'typebox';
import { bindingCookie, finishOidc, OIDC_BINDING_COOKIE } from '../../domain/teams/oidc.ts';
import { cookieValue } from '../../domain/teams/sessions.ts';
import { AppError } from '../../errors.ts';
import { defineRoute } from '../../http/route.ts';
import { setSession } from './cookie.ts';

/**
 * Where the identity provider sends the browser back: signs the member in and goes
 * to the dashboard; a refusal goes to the sign-in page with the reason.
 */
export default defineRoute({
  method: 'GET',
  url: '/v1/auth/oidc/callback',
  summary: 'Back from the identity provider',
  tags: ['auth'],
  auth: false,
  hidden: true,
  query: Type.Record(Type.String(), Type.String()),
  response: { 302: {} as never },
  handler: async ({ request, reply }, ctx) => {
    const url = new URL(request.url, ctx.config.PUBLIC_URL);
    const binding = cookieValue(request.headers.cookie, OIDC_BINDING_COOKIE);
    // The binding serves one sign-in: it is cleared whatever the outcome (after the session's cookie).
    const clearBinding = bindingCookie(ctx, null);
    try {
      const signed = await finishOidc(ctx, url, binding);
      setSession(ctx, reply, signed.session);
      reply.header('set-cookie', [String(reply.getHeader('set-cookie')), clearBinding]);
      return reply.redirect('/', 302);
    } catch (err) {
      const message = err instanceof AppError ? err.message : 'The sign-in could not be finished';
      if (!(err instanceof AppError)) request.log.warn({ err }, 'OIDC sign-in failed');
      reply.header('set-cookie', clearBinding);
      return reply.redirect(`/?signInError=${encodeURIComponent(message)}`, 302);
    }
  },
});
