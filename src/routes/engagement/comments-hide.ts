import { setCommentHidden } from '../../domain/engagement/comments.ts';
import { defineRoute } from '../../http/route.ts';
import { CommentIdParams, HideBody, SuccessAnswer } from './schemas.ts';

export default defineRoute({
  method: 'PATCH',
  url: '/v1/comments/:commentId',
  access: 'publish',
  summary: 'Hide or show a comment',
  description:
    "hidden: true hides the comment from everyone but its author and the account; false shows it again. The platforms refuse some (400): the account's own comments, and on Threads replies below the top level.",
  tags: ['comments'],
  params: CommentIdParams,
  body: HideBody,
  response: { 200: SuccessAnswer },
  errors: [403, 404, 429, 502, 503],
  handler: async ({ params, body, caller }, ctx) => {
    await setCommentHidden(
      ctx,
      {
        projectId: caller.projectId,
        profileIds: caller.profileIds,
        accountId: body.accountId,
        platform: body.platform,
      },
      params.commentId,
      body.hidden,
    );
    return { success: true };
  },
});
