import { cancelScheduled } from '../../domain/posts/scheduled.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { Message, PostIdParams } from './schemas.ts';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/posts/scheduled/:postId',
  access: 'publish',
  summary: 'Cancel a scheduled post',
  description:
    'The post goes back to draft and its credits are refunded. 409 once it is no longer scheduled.',
  tags: ['posts'],
  params: PostIdParams,
  response: {
    200: withExample(Message, {
      success: true,
      message: 'Scheduled post cancelled; it is now a draft and 2 credits were refunded',
    }),
  },
  errors: [404, 409, 503],
  handler: async ({ params, caller }, ctx) => {
    const refunded = await cancelScheduled(ctx, caller, params.postId);
    return {
      success: true,
      message: `Scheduled post cancelled; it is now a draft and ${refunded} credit${refunded === 1 ? ' was' : 's were'} refunded`,
    };
  },
});
