import { startOidc } from '../../domain/teams/oidc.ts';
import { defineRoute } from '../../http/route.ts';

/** The dashboard's "Sign in with …" button: off to the identity provider (OIDC_ISSUER). */
export default defineRoute({
  method: 'GET',
  url: '/v1/auth/oidc/start',
  summary: 'Sign in through the identity provider',
  tags: ['auth'],
  auth: false,
  hidden: true,
  response: { 302: {} as never },
  errors: [404, 503],
  handler: async ({ reply }, ctx) => reply.redirect(await startOidc(ctx), 302),
});
