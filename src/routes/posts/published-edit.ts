import { editPublishedPost } from '../../domain/published-edits/request.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
import { PostIdParams, PublishedEditAnswerSchema, PublishedEditPayloadSchema } from './schemas.ts';

export default defineRoute({
  method: 'PATCH',
  url: '/v1/posts/:postId/published',
  access: 'publish',
  summary: 'Edit a published post',
  description:
    'Changes the text (top-level or per target) and, where the platform allows it, options of the live posts: ' +
    'Facebook Page posts (text), LinkedIn (commentary), YouTube (description, title, tags), Pinterest ' +
    '(description, title, link, altText), Google Business Profile (summary, call to action). Each edit is checked ' +
    'with the platform’s rules first and costs 1 credit, refunded when the platform does not take it. X, Bluesky, ' +
    'Threads, TikTok and Instagram answer `not_editable` with the reason, and nothing is sent there. The edits run ' +
    'in the background: GET /v1/posts/{postId} shows each target’s new text once edited, and its `edit` status. ' +
    'Only a published or partial post, and only its published targets, can be edited (409).',
  tags: ['posts'],
  params: PostIdParams,
  body: PublishedEditPayloadSchema,
  response: {
    202: withExample(PublishedEditAnswerSchema, {
      success: true,
      postId: IDS.post,
      creditsCharged: 2,
      platforms: [
        {
          platform: 'facebook',
          integrationId: IDS.integration,
          status: 'editing',
          message: 'Editing the text; GET the post to see when it is done',
        },
        {
          platform: 'linkedin',
          integrationId: IDS.linkedinIntegration,
          status: 'editing',
          message: 'Editing the text; GET the post to see when it is done',
        },
      ],
    }),
  },
  errors: [402, 404, 409, 503],
  handler: async ({ params, body, caller }, ctx) => editPublishedPost(ctx, caller, params.postId, body),
});
