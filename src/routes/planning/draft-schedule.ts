import { Type } from 'typebox';
import { needsApproval } from '../../domain/approval/applies.ts';
import { submitDraft } from '../../domain/approval/submit.ts';
import { scheduleDraft } from '../../domain/planning/schedule-draft.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
import { CreateAnswerSchema, PostIdParams } from '../posts/schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/posts/:postId/schedule',
  summary: 'Schedule a draft',
  description:
    'Publishes a draft now (`publishNow: true`), at `scheduledFor` (read in `timezone`, default the draft’s), or in the next free slot of its accounts’ posting queue (`queue: true`). ' +
    'Every check of create runs now and 1 credit per target is charged now (402 when they can not be paid); from then on it is a scheduled post like any other, announced by post.scheduled. ' +
    'A draft with `recurrence` starts its series here. Where approval applies (always for a contributor) the draft becomes `pending` instead, awaiting approval, and nothing is charged yet. An `Idempotency-Key` header makes a retry answer the first answer. 409 when the post is not a draft.',
  tags: ['posts'],
  access: 'draft',
  params: PostIdParams,
  body: Type.Object(
    {
      publishNow: Type.Optional(Type.Boolean()),
      scheduledFor: Type.Optional(
        Type.String({ maxLength: 64, description: 'ISO 8601; without an offset it is read in `timezone`.' }),
      ),
      timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'IANA name.' })),
      queue: Type.Optional(Type.Boolean({ description: 'Take the next free slot of the posting queue.' })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(CreateAnswerSchema, {
      success: true,
      status: 'scheduled',
      postId: IDS.post,
      scheduledFor: '2026-12-02T11:30:00.000Z',
      platforms: [{ platform: 'facebook', integrationId: IDS.integration, success: true }],
    }),
  },
  errors: [402, 403, 404, 409, 503],
  handler: async ({ params, body, caller, request }, ctx) => {
    const key = request.headers['idempotency-key'];
    const accounts = await ctx.store.db
      .selectFrom('post_targets')
      .select('integration_id')
      .where('project_id', '=', caller.projectId)
      .where('post_id', '=', params.postId)
      .execute();
    if (
      await needsApproval(
        ctx,
        caller,
        accounts.map((a) => a.integration_id),
      )
    )
      return submitDraft(ctx, caller, params.postId, body);
    return scheduleDraft(ctx, caller, params.postId, body, typeof key === 'string' ? key : undefined);
  },
});
