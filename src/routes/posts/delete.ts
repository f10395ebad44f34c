import { Type } from 'typebox';
import { deletePost } from '../../domain/posts/delete.ts';
import { defineRoute } from '../../http/route.ts';
import { PLATFORMS } from '../../platforms/names.ts';
import { postExample, withExample } from '../examples.ts';
import { PostIdParams } from './schemas.ts';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/posts/:postId',
  access: 'publish',
  summary: 'Delete a post',
  description:
    'Deletes the post. With `deleteFromPlatforms=true` it is first removed from every platform it was published on ' +
    '(1 credit per platform; a failed removal is not charged and keeps the post so it can be retried). ' +
    'A post being published can not be deleted (409).',
  tags: ['posts'],
  params: PostIdParams,
  query: Type.Object(
    { deleteFromPlatforms: Type.Boolean({ default: false }) },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        creditsCharged: Type.Integer(),
        platforms: Type.Array(
          Type.Object({
            platform: Type.Enum([...PLATFORMS]),
            integrationId: Type.String(),
            platformPostId: Type.Union([Type.String(), Type.Null()]),
            status: Type.Enum(['deleted', 'failed', 'skipped']),
            success: Type.Boolean(),
            message: Type.Optional(Type.String()),
            errorMessage: Type.Optional(Type.String()),
          }),
        ),
      }),
      {
        success: true,
        creditsCharged: 2,
        platforms: postExample.platforms.map((p) => ({
          platform: p.platform,
          integrationId: p.integrationId,
          platformPostId: p.platformPostId,
          status: 'deleted',
          success: true,
        })),
      },
    ),
  },
  errors: [402, 404, 409, 503],
  handler: async ({ params, query, caller }, ctx) =>
    deletePost(ctx, caller, params.postId, query.deleteFromPlatforms),
});
