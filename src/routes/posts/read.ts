import { Type } from 'typebox';
import { getPost } from '../../domain/posts/read.ts';
import { defineRoute } from '../../http/route.ts';
import { postExample, withExample } from '../examples.ts';
import { PostIdParams, PostSchema } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/posts/:postId',
  access: 'read',
  summary: 'Read a post',
  description: 'With its per-target results (platformPostUrl once published).',
  tags: ['posts'],
  params: PostIdParams,
  response: {
    200: withExample(Type.Object({ success: Type.Boolean(), post: PostSchema }), {
      success: true,
      post: postExample,
    }),
  },
  errors: [404, 503],
  handler: async ({ params, caller }, ctx) => ({
    success: true,
    post: await getPost(ctx, caller, params.postId),
  }),
});
