import { Type } from 'typebox';
import { completePasswordReset } from '../../domain/teams/password-reset.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { PasswordField, SuccessMessage } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/auth/password-reset/complete',
  summary: 'Choose a new password with a reset link',
  description:
    'The token is the part of the reset link after `#`. It works once; every session of the person ends (sign in again with the new password).',
  tags: ['auth'],
  auth: false,
  body: Type.Object(
    { token: Type.String({ minLength: 1, maxLength: 200 }), password: PasswordField },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(SuccessMessage, { success: true, message: 'Password changed; sign in with it' }),
  },
  errors: [404, 409],
  handler: async ({ body }, ctx) => {
    await completePasswordReset(ctx, body.token, body.password);
    return { success: true, message: 'Password changed; sign in with it' };
  },
});
