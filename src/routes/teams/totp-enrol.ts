import { Type } from 'typebox';
import { startEnrolment } from '../../domain/teams/two-factor.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { assertMember } from './cookie.ts';
import { personOfMember } from './person.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/auth/totp/enrol',
  summary: 'Start two-factor sign-in',
  description:
    'Answers a new secret, shown once, as an otpauth:// URI for an authenticator app (and as text). It takes effect once POST /v1/auth/totp/confirm receives a code from the app.',
  tags: ['auth'],
  access: 'read',
  response: {
    200: withExample(
      Type.Object({ success: Type.Boolean(), secret: Type.String(), otpauthUri: Type.String() }),
      {
        success: true,
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUri:
          'otpauth://totp/Social%20Publishing%3Aana%40acme.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Social+Publishing&algorithm=SHA1&digits=6&period=30',
      },
    ),
  },
  errors: [409],
  handler: async ({ caller }, ctx) => {
    assertMember(caller, 'Two-factor sign-in');
    return { success: true, ...(await startEnrolment(ctx, await personOfMember(ctx, caller.memberId))) };
  },
});
