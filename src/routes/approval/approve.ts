import { Type } from 'typebox';
import { approvePost } from '../../domain/approval/approve.ts';
import { requireVisiblePost } from '../../domain/approval/scope.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
import { PostIdParams } from '../posts/schemas.ts';
import { ApproveAnswerSchema, DecisionNoteField } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/posts/:postId/approve',
  summary: 'Approve a post',
  description:
    'A post awaiting approval goes out as it asked: every check of create runs again and 1 credit per target is charged now (402 when they can not be paid); it is then scheduled for its time, or published now when it asked for now or its time has passed (`result` says which). Announced by post.approved (and post.scheduled for a scheduled post). ' +
    'An `Idempotency-Key` header makes a retry answer the first answer. 409 when the post is not pending (approved or sent back already).',
  tags: ['approval'],
  access: 'publish',
  params: PostIdParams,
  body: Type.Object({ note: Type.Optional(DecisionNoteField) }, { additionalProperties: false }),
  response: {
    200: withExample(ApproveAnswerSchema, {
      success: true,
      status: 'scheduled',
      postId: IDS.post,
      scheduledFor: '2026-12-02T11:30:00.000Z',
      platforms: [{ platform: 'facebook', integrationId: IDS.integration, success: true }],
      result: 'scheduled',
      message: 'Approved: scheduled for 2026-12-02T11:30:00.000Z',
    }),
  },
  errors: [402, 404, 409, 503],
  handler: async ({ params, body, caller, request }, ctx) => {
    await requireVisiblePost(ctx, caller, params.postId);
    const key = request.headers['idempotency-key'];
    const note = body.note?.trim() || undefined;
    return approvePost(ctx, caller, params.postId, note, typeof key === 'string' ? key : undefined);
  },
});
