import { Type } from 'typebox';
import { confirmEnrolment } from '../../domain/teams/two-factor.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { assertMember } from './cookie.ts';
import { personOfMember } from './person.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/auth/totp/confirm',
  summary: 'Confirm two-factor sign-in with a code',
  description:
    'Turns two-factor sign-in on once `code` is the current code of the app enrolled with POST /v1/auth/totp/enrol. Answers ten recovery codes, shown once: each signs in once in place of a code.',
  tags: ['auth'],
  access: 'read',
  body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false }),
  response: {
    200: withExample(Type.Object({ success: Type.Boolean(), recoveryCodes: Type.Array(Type.String()) }), {
      success: true,
      recoveryCodes: ['k3f9-x2mq-7hpd', 'v8rt-4nwa-c2ke'],
    }),
  },
  errors: [409],
  handler: async ({ body, caller }, ctx) => {
    assertMember(caller, 'Two-factor sign-in');
    const personId = await personOfMember(ctx, caller.memberId);
    return { success: true, recoveryCodes: await confirmEnrolment(ctx, personId, body.code) };
  },
});
