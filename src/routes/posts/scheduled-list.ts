import { Type } from 'typebox';
import { listScheduled } from '../../domain/posts/scheduled.ts';
import { offsetPaging } from '../../http/paging.ts';
import { defineRoute } from '../../http/route.ts';
import { scheduledPostExample, withExample } from '../examples.ts';
import { PostList } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/posts/scheduled',
  summary: 'List scheduled posts',
  description: 'Posts waiting for their time, soonest first unless `sort=desc`.',
  tags: ['posts'],
  query: Type.Object(
    {
      ...offsetPaging(),
      sort: Type.Optional(Type.Enum(['asc', 'desc'])),
    },
    { additionalProperties: false },
  ),
  response: { 200: withExample(PostList, { success: true, total: 1, posts: [scheduledPostExample] }) },
  errors: [503],
  handler: async ({ query, caller }, ctx) => {
    const { total, posts } = await listScheduled(ctx, caller.projectId, query);
    return { success: true, total, posts };
  },
});
