import { createPost } from '../../domain/posts/create.ts';
import { defineRoute } from '../../http/route.ts';
import { CreateAnswerSchema, PostPayloadSchema } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/posts',
  summary: 'Create a post',
  description:
    'Publishes now (`publishNow: true`) or at `scheduledFor`, to every target in `platforms`. 1 credit per target. ' +
    'Every problem is listed at once, each naming where it is. An `Idempotency-Key` header makes retries safe: ' +
    'the same key with the same body answers the post as it is now (status and URLs), creating nothing; with another body it is 409. ' +
    'Each per-target result names its account (`integrationId`). A target that ends failed is refunded unless its post may exist on the platform.',
  tags: ['posts'],
  body: PostPayloadSchema,
  response: { 202: CreateAnswerSchema },
  errors: [402, 403, 409, 503],
  handler: async ({ body, caller, request }, ctx) => {
    const key = request.headers['idempotency-key'];
    return createPost(ctx, caller.projectId, body, typeof key === 'string' ? key : undefined);
  },
});
