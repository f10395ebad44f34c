import { Type } from 'typebox';
import { listAwaiting } from '../../domain/approval/queue.ts';
import { offsetPaging } from '../../http/paging.ts';
import { defineRoute } from '../../http/route.ts';
import { postExample, withExample } from '../examples.ts';
import { AwaitingListSchema } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/approvals',
  summary: 'List posts awaiting approval',
  description:
    'Posts with status `pending`, oldest first, each with who asked and when it asks to go out (`scheduledFor`, now, or the next queue slot). Approve with POST /v1/posts/{postId}/approve, or send back with POST /v1/posts/{postId}/reject.',
  tags: ['approval'],
  access: 'read',
  query: Type.Object(
    {
      ...offsetPaging(),
      profileId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(AwaitingListSchema, {
      success: true,
      total: 1,
      posts: [
        {
          ...postExample,
          status: 'pending',
          platforms: postExample.platforms.map((p) => ({
            ...p,
            status: 'draft',
            platformPostId: null,
            platformPostUrl: null,
            publishedAt: null,
          })),
          approval: {
            requestedBy: 'sam@acme.example',
            requestedAt: '2026-11-22T08:15:40.107Z',
            publishNow: false,
            queue: false,
          },
        },
      ],
    }),
  },
  errors: [503],
  handler: async ({ query, caller }, ctx) => ({ success: true, ...(await listAwaiting(ctx, caller, query)) }),
});
