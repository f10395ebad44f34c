import { startOidc } from '../../domain/teams/oidc.ts';
import { defineRoute } from '../../http/route.ts';

/**
 * The dashboard's "Sign in with …" button: off to the identity provider (OIDC_ISSUER),
 * with a short-lived HttpOnly cookie that ties the sign-in to this browser.
 */
export default defineRoute({
  method: 'GET',
  url: '/v1/auth/oidc/start',
  summary: 'Sign in through the identity provider',
  tags: ['auth'],
  auth: false,
  hidden: true,
  response: { 302: {} as never },
  errors: [404, 429, 503],
  handler: async ({ request, reply }, ctx) => {
    const started = await startOidc(ctx, request.ip);
    return reply.header('set-cookie', started.cookie).redirect(started.url, 302);
  },
});
