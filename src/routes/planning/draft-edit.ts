import { editDraft } from '../../domain/planning/drafts.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
import { CreateAnswerSchema, DraftPayloadSchema, PostIdParams } from '../posts/schemas.ts';

export default defineRoute({
  method: 'PUT',
  url: '/v1/posts/drafts/:postId',
  summary: 'Edit a draft',
  description:
    'Replaces the draft’s text, media, targets and recurrence with the body (the body of create without `publishNow`, `scheduledFor` or `queue`: schedule the draft with POST /v1/posts/{postId}/schedule). ' +
    'A scheduled post that was cancelled is a draft and can be edited here. Like a new draft, problems that only matter at publication are listed in `problems`, not refused; nothing is charged. 409 when the post is not a draft.',
  tags: ['posts'],
  access: 'draft',
  params: PostIdParams,
  body: DraftPayloadSchema,
  response: {
    200: withExample(CreateAnswerSchema, {
      success: true,
      status: 'draft',
      postId: IDS.post,
      platforms: [{ platform: 'pinterest', integrationId: IDS.integration, success: true }],
      problems: [
        {
          scope: 'target',
          target: 0,
          platform: 'pinterest',
          field: 'platformSpecificData.boardId',
          message: 'platforms[0] (pinterest): platformSpecificData.boardId is required',
        },
      ],
    }),
  },
  errors: [404, 409, 503],
  handler: ({ params, body, caller }, ctx) => editDraft(ctx, caller.projectId, params.postId, body),
});
