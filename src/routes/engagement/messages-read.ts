import { listMessages } from '../../domain/engagement/messages.ts';
import { defineRoute } from '../../http/route.ts';
import { ConversationIdParams, MessagesAnswer, MessagesQuery } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/messages/:conversationId',
  access: 'read',
  summary: 'Read the messages of a conversation',
  description:
    'Newest first. Instagram gives the text and sender of the 20 most recent messages of a conversation only; older ones come with text and from null.',
  tags: ['messages'],
  params: ConversationIdParams,
  query: MessagesQuery,
  response: { 200: MessagesAnswer },
  errors: [403, 404, 429, 502, 503],
  handler: async ({ params, query, caller }, ctx) => {
    const { platform, accountId, limit, after } = query;
    return {
      success: true,
      ...(await listMessages(
        ctx,
        { projectId: caller.projectId, profileIds: caller.profileIds, accountId, platform },
        params.conversationId,
        { limit, after },
      )),
    };
  },
});
