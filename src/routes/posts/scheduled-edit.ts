import { Type } from 'typebox';
import { needsApproval } from '../../domain/approval/applies.ts';
import { submitScheduledEdit } from '../../domain/approval/submit.ts';
import { editScheduledPost } from '../../domain/posts/edit.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, scheduledPostExample, withExample } from '../examples.ts';
import { EditPayloadSchema, PostIdParams } from './schemas.ts';

export default defineRoute({
  method: 'PUT',
  url: '/v1/posts/scheduled/:postId',
  access: 'draft',
  summary: 'Edit a scheduled post',
  description:
    'Replaces text, media and targets (and the schedule when given) while the post is still scheduled. Every target ' +
    'is validated again; added targets are charged and removed ones refunded (1 credit each). ' +
    'Where approval applies (always for a contributor) the edited post leaves the schedule and awaits approval (`status: pending`): its credits are refunded and charged again when it is approved.',
  tags: ['posts'],
  params: PostIdParams,
  body: EditPayloadSchema,
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        message: Type.String(),
        postId: Type.String(),
        scheduledFor: Type.String({ format: 'date-time' }),
        status: Type.Optional(
          Type.Literal('pending', { description: 'Present when the edit made the post await approval.' }),
        ),
      }),
      {
        success: true,
        message: 'Scheduled post updated; 1 credit(s) charged',
        postId: IDS.post,
        scheduledFor: scheduledPostExample.scheduledFor,
      },
    ),
  },
  errors: [402, 403, 404, 409, 503],
  handler: async ({ params, body, caller }, ctx) => {
    if (
      await needsApproval(
        ctx,
        caller,
        body.platforms.map((p) => p.accountId),
      )
    ) {
      const p = await submitScheduledEdit(ctx, caller, params.postId, body);
      return {
        success: true,
        message: `Scheduled post updated and awaiting approval; ${p.refunded} credit(s) refunded until it is approved`,
        postId: params.postId,
        scheduledFor: p.scheduledFor,
        status: 'pending' as const,
      };
    }
    const r = await editScheduledPost(ctx, caller, params.postId, body);
    const credits =
      r.charged === r.refunded
        ? 'no credits changed'
        : r.charged > r.refunded
          ? `${r.charged - r.refunded} credit(s) charged`
          : `${r.refunded - r.charged} credit(s) refunded`;
    return {
      success: true,
      message: `Scheduled post updated; ${credits}`,
      postId: params.postId,
      scheduledFor: r.scheduledFor,
    };
  },
});
