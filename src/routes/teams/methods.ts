import { Type } from 'typebox';
import { canSendEmail } from '../../domain/teams/account-email.ts';
import { oidcEnabled } from '../../domain/teams/oidc.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/auth/methods',
  summary: 'How people can sign in here',
  description:
    'For the sign-in page: whether an identity provider is configured (its button label) and whether password-reset e-mails can be sent.',
  tags: ['auth'],
  auth: false,
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        oidc: Type.Union([Type.Object({ label: Type.String(), startUrl: Type.String() }), Type.Null()]),
        passwordResetByEmail: Type.Boolean(),
      }),
      {
        success: true,
        oidc: { label: 'Acme SSO', startUrl: '/v1/auth/oidc/start' },
        passwordResetByEmail: true,
      },
    ),
  },
  handler: (_input, ctx) => ({
    success: true,
    oidc: oidcEnabled(ctx) ? { label: ctx.config.OIDC_LABEL, startUrl: '/v1/auth/oidc/start' } : null,
    passwordResetByEmail: canSendEmail(ctx),
  }),
});
