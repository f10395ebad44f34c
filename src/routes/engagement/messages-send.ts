import { sendMessage } from '../../domain/engagement/messages.ts';
import { defineRoute } from '../../http/route.ts';
import { MessageIdAnswer, SendBody } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/messages',
  access: 'publish',
  summary: 'Send a direct message',
  description:
    'A text message to a person who wrote to the account. Instagram accepts it only within 24 hours of their last message: later it is refused with 409.',
  tags: ['messages'],
  body: SendBody,
  response: { 200: MessageIdAnswer },
  errors: [403, 404, 409, 429, 502, 503],
  handler: async ({ body, caller }, ctx) => {
    const { platform, accountId, recipientId, text } = body;
    const messageId = await sendMessage(
      ctx,
      { projectId: caller.projectId, profileIds: caller.profileIds, accountId, platform },
      { recipientId, text },
    );
    return { success: true, messageId };
  },
});
