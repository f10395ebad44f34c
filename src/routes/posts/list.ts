import { Type } from 'typebox';
import { listPosts } from '../../domain/posts/read.ts';
import { offsetPaging } from '../../http/paging.ts';
import { defineRoute } from '../../http/route.ts';
import { PLATFORMS } from '../../platforms/names.ts';
import { postExample, withExample } from '../examples.ts';
import { PostList, STATUSES } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/posts',
  access: 'read',
  summary: 'List posts',
  description:
    '`platform` is repeatable (OR). `profileId=null` selects posts whose accounts have no profile. Newest first unless `sort=asc`.',
  tags: ['posts'],
  query: Type.Object(
    {
      status: Type.Optional(Type.Enum([...STATUSES])),
      platform: Type.Optional(Type.Array(Type.Enum([...PLATFORMS]), { maxItems: 10 })),
      profileId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      createdAfter: Type.Optional(Type.String({ maxLength: 64, description: 'ISO 8601 date-time' })),
      createdBefore: Type.Optional(Type.String({ maxLength: 64, description: 'ISO 8601 date-time' })),
      scheduledAfter: Type.Optional(Type.String({ maxLength: 64, description: 'ISO 8601 date-time' })),
      scheduledBefore: Type.Optional(Type.String({ maxLength: 64, description: 'ISO 8601 date-time' })),
      ...offsetPaging(),
      sort: Type.Optional(Type.Enum(['asc', 'desc'])),
    },
    { additionalProperties: false },
  ),
  response: { 200: withExample(PostList, { success: true, total: 1, posts: [postExample] }) },
  errors: [503],
  handler: async ({ query, caller }, ctx) => {
    const { total, posts } = await listPosts(ctx, caller, query);
    return { success: true, total, posts };
  },
});
