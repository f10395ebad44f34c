import { deleteComment } from '../../domain/engagement/comments.ts';
import { defineRoute } from '../../http/route.ts';
import { AccountQuery, CommentIdParams, commentPlatform, SuccessAnswer } from './schemas.ts';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/comments/:commentId',
  access: 'publish',
  summary: 'Delete a comment',
  description:
    'On a Facebook Page post or an Instagram post of the account. Not supported on Threads (400): hide the reply instead.',
  tags: ['comments'],
  params: CommentIdParams,
  query: AccountQuery(commentPlatform()),
  response: { 200: SuccessAnswer },
  errors: [403, 404, 429, 502, 503],
  handler: async ({ params, query, caller }, ctx) => {
    await deleteComment(
      ctx,
      {
        projectId: caller.projectId,
        profileIds: caller.profileIds,
        accountId: query.accountId,
        platform: query.platform,
      },
      params.commentId,
    );
    return { success: true };
  },
});
