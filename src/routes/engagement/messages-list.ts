import { listConversations } from '../../domain/engagement/messages.ts';
import { defineRoute } from '../../http/route.ts';
import { ConversationsAnswer, ConversationsQuery } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/messages',
  access: 'read',
  summary: 'List direct-message conversations',
  description:
    'Of an Instagram professional account, most recent activity first. Needs instagram_business_manage_messages. Conversations in the requests folder inactive for 30 days are not listed by Instagram.',
  tags: ['messages'],
  query: ConversationsQuery,
  response: { 200: ConversationsAnswer },
  errors: [403, 404, 429, 502, 503],
  handler: async ({ query, caller }, ctx) => {
    const { platform, accountId, limit, after } = query;
    return {
      success: true,
      ...(await listConversations(
        ctx,
        { projectId: caller.projectId, profileIds: caller.profileIds, accountId, platform },
        { limit, after },
      )),
    };
  },
});
