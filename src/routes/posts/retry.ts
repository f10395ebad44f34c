import { Type } from 'typebox';
import { retryPost } from '../../domain/posts/retry.ts';
import { defineRoute } from '../../http/route.ts';
import { PLATFORMS } from '../../platforms/names.ts';
import { IDS, withExample } from '../examples.ts';
import { PostIdParams, STATUSES } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/posts/:postId/retry',
  access: 'publish',
  summary: 'Retry the failed targets of a post',
  description:
    'Publishes the failed targets again (all of them, or those of `integrationIds`), each on its own: an account that needs reconnecting is reported per target and does not hold back the others. ' +
    'A target whose post may exist on the platform is first checked with the platform and published again only if it is absent. ' +
    'Each retried target costs 1 credit (not again for one that kept its charge), refunded if it fails again. The post goes back to `publishing`; its status is derived again, with a new final webhook event, once the retried targets finish. ' +
    '409 while the post is being published, or when it has no failed target to retry.',
  tags: ['posts'],
  params: PostIdParams,
  body: Type.Object(
    {
      integrationIds: Type.Optional(
        Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
          minItems: 1,
          maxItems: 50,
          description: 'Retry only these accounts of the post (default: every failed one).',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean({ description: 'true when at least one target was put back to be published.' }),
        postId: Type.String(),
        status: Type.Enum([...STATUSES]),
        creditsCharged: Type.Integer({ minimum: 0 }),
        platforms: Type.Array(
          Type.Object({
            platform: Type.Enum([...PLATFORMS]),
            integrationId: Type.String(),
            retried: Type.Boolean(),
            status: Type.Enum([...STATUSES]),
            message: Type.Optional(
              Type.String({ description: 'Why it was not retried, or what happens first.' }),
            ),
          }),
        ),
      }),
      {
        success: true,
        postId: IDS.post,
        status: 'publishing',
        creditsCharged: 1,
        platforms: [
          { platform: 'facebook', integrationId: IDS.integration, retried: true, status: 'pending' },
          {
            platform: 'linkedin',
            integrationId: IDS.linkedinIntegration,
            retried: false,
            status: 'failed',
            message:
              'LinkedIn account “Acme Corp” needs reconnecting because its access was revoked: connect it again, then retry.',
          },
        ],
      },
    ),
  },
  errors: [402, 404, 409, 503],
  handler: ({ params, body, caller }, ctx) => retryPost(ctx, caller, params.postId, body?.integrationIds),
});
