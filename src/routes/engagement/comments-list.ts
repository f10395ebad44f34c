import { listComments } from '../../domain/engagement/comments.ts';
import { defineRoute } from '../../http/route.ts';
import { CommentsAnswer, CommentsQuery } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/comments',
  access: 'read',
  summary: 'List the comments of a post',
  description:
    'Top-level comments, newest first, each with its first-level replies, on a Facebook Page, Instagram or Threads post of the account. Needs the platform permission to read comments (Facebook pages_read_user_content, Instagram instagram_business_manage_comments, Threads threads_read_replies or threads_manage_replies). Costs no credits.',
  tags: ['comments'],
  query: CommentsQuery,
  response: { 200: CommentsAnswer },
  errors: [403, 404, 409, 429, 502, 503],
  handler: async ({ query, caller }, ctx) => {
    const { platform, accountId, postId, limit, after } = query;
    const page = await listComments(
      ctx,
      { projectId: caller.projectId, profileIds: caller.profileIds, accountId, platform },
      { postId, limit, after },
    );
    return { success: true, ...page };
  },
});
