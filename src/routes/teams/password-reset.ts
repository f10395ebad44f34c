import { Type } from 'typebox';
import { requestPasswordReset, resetAnswer } from '../../domain/teams/password-reset.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { EmailField, SuccessMessage } from './schemas.ts';

const ANSWER = 'If this e-mail has an account, a link to choose a new password is on its way';

export default defineRoute({
  method: 'POST',
  url: '/v1/auth/password-reset',
  summary: 'Ask for a password-reset link by e-mail',
  description:
    'Answers the same whether the e-mail has an account or not; only an account gets the e-mail. Without a mail server (SMTP_URL) nothing can be sent: the answer says to ask an owner for a link, and the service logs a warning. Operators make a link with `npm run cli -- member reset-link`.',
  tags: ['auth'],
  auth: false,
  body: Type.Object({ email: EmailField }, { additionalProperties: false }),
  response: { 200: withExample(SuccessMessage, { success: true, message: ANSWER }) },
  handler: async ({ body }, ctx) => {
    await requestPasswordReset(ctx, body.email);
    return { success: true, message: resetAnswer(ctx) };
  },
});
