import { Type } from 'typebox';
import { finishOidc } from '../../domain/teams/oidc.ts';
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
    try {
      const signed = await finishOidc(ctx, url);
      setSession(ctx, reply, signed.session);
      return reply.redirect('/', 302);
    } catch (err) {
      const message = err instanceof AppError ? err.message : 'The sign-in could not be finished';
      if (!(err instanceof AppError)) request.log.warn({ err }, 'OIDC sign-in failed');
      return reply.redirect(`/?signInError=${encodeURIComponent(message)}`, 302);
    }
  },
});
