import { Type } from 'typebox';
import { editPendingPost } from '../../domain/approval/edit.ts';
import { requireVisiblePost } from '../../domain/approval/scope.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
import { PostIdParams } from '../posts/schemas.ts';

export default defineRoute({
  method: 'PUT',
  url: '/v1/posts/:postId/pending',
  summary: 'Edit a post awaiting approval',
  description:
    'The approver changes the text of a post awaiting approval before approving it: `content` is the post’s text, and each entry of `targets` an account’s own text (null: the account takes the post’s text). Accounts, media and options stay as sent, and so does the time it asked for. ' +
    'Every check of create runs on the edited post (400 with the problems, e.g. a text too long for a platform); the post stays pending, nothing is charged, and its history (GET /v1/posts/{postId}/notes) records who edited it. 409 when the post is not awaiting approval.',
  tags: ['approval'],
  access: 'publish',
  params: PostIdParams,
  body: Type.Object(
    {
      content: Type.String({ maxLength: 100_000, description: 'The post’s text.' }),
      targets: Type.Optional(
        Type.Array(
          Type.Object(
            {
              accountId: Type.String({
                minLength: 1,
                maxLength: 200,
                description: 'One of the post’s accounts.',
              }),
              content: Type.Union([Type.String({ maxLength: 100_000 }), Type.Null()], {
                description: 'This account’s own text; null for the post’s text.',
              }),
            },
            { additionalProperties: false },
          ),
          { maxItems: 100, description: 'Accounts whose own text changes; the others keep theirs.' },
        ),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        postId: Type.String(),
        status: Type.Literal('pending'),
        message: Type.String(),
      }),
      {
        success: true,
        postId: IDS.post,
        status: 'pending',
        message: 'Edited; still awaiting approval',
      },
    ),
  },
  errors: [400, 404, 409, 503],
  handler: async ({ params, body, caller }, ctx) => {
    await requireVisiblePost(ctx, caller, params.postId);
    await editPendingPost(ctx, caller, params.postId, body);
    return {
      success: true,
      postId: params.postId,
      status: 'pending' as const,
      message: 'Edited; still awaiting approval',
    };
  },
});
