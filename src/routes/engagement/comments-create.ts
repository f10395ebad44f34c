import { createComment } from '../../domain/engagement/comments.ts';
import { defineRoute } from '../../http/route.ts';
import { CommentIdAnswer, CreateCommentBody } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/comments',
  access: 'publish',
  summary: 'Comment on a post, or reply to a comment',
  description:
    'With postId: a top-level comment (on Threads, a reply post to the post). With commentId: a reply to that comment. Give exactly one. Needs the platform permission to manage comments (Facebook pages_manage_engagement, Instagram instagram_business_manage_comments, Threads threads_manage_replies).',
  tags: ['comments'],
  body: CreateCommentBody,
  response: { 200: CommentIdAnswer },
  errors: [403, 404, 409, 429, 502, 503],
  handler: async ({ body, caller }, ctx) => {
    const { platform, accountId, postId, commentId, text } = body;
    const id = await createComment(
      ctx,
      { projectId: caller.projectId, profileIds: caller.profileIds, accountId, platform },
      { postId, commentId, text },
    );
    return { success: true, commentId: id };
  },
});
