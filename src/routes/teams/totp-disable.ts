import { Type } from 'typebox';
import { disableTwoFactor } from '../../domain/teams/two-factor.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { assertMember } from './cookie.ts';
import { personOfMember } from './person.ts';
import { CodeField, SuccessMessage } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/auth/totp/disable',
  summary: 'Turn two-factor sign-in off',
  description: 'Needs a current code of the authenticator app or an unused recovery code.',
  tags: ['auth'],
  access: 'read',
  body: Type.Object({ code: CodeField }, { additionalProperties: false }),
  response: { 200: withExample(SuccessMessage, { success: true, message: 'Two-factor sign-in is off' }) },
  errors: [409],
  handler: async ({ body, caller }, ctx) => {
    assertMember(caller, 'Two-factor sign-in');
    await disableTwoFactor(ctx, await personOfMember(ctx, caller.memberId), body.code);
    return { success: true, message: 'Two-factor sign-in is off' };
  },
});
