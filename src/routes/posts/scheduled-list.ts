import { type Static, Type } from 'typebox';
import { listScheduled } from '../../domain/posts/scheduled.ts';
import type { PostRecord } from '../../domain/posts/types.ts';
import { offsetPaging } from '../../http/paging.ts';
import { defineRoute } from '../../http/route.ts';
import { scheduledPostExample, withExample } from '../examples.ts';
import { PostSchema } from './schemas.ts';

/**
 * A media item of the scheduled list: exactly `{type, url, thumbnail?}`. Clients
 * generated from the contract validate this list's items with no extra properties,
 * so one richer item (filename, size, mimeType) would make them refuse the whole
 * page; the other post reads keep the richer items.
 */
const ScheduledMediaItem = Type.Object(
  {
    type: Type.Enum(['image', 'video', 'gif', 'document']),
    url: Type.String({ format: 'uri' }),
    thumbnail: Type.Optional(Type.String({ format: 'uri', description: 'Only when the request gave one.' })),
  },
  { additionalProperties: false },
);

const ScheduledPost = Type.Object(
  { ...PostSchema.properties, mediaItems: Type.Array(ScheduledMediaItem) },
  {
    $id: 'ScheduledPost',
    description:
      'A Post as the scheduled list answers it: the same fields, with media items of only type, url and thumbnail.',
  },
);

/** A post of the scheduled list: its media items cut to what the contract's list item has. */
export function toScheduledPost(post: PostRecord): Static<typeof ScheduledPost> {
  return {
    ...(post as unknown as Static<typeof ScheduledPost>),
    mediaItems: post.mediaItems.map((m) => ({
      type: m.type as Static<typeof ScheduledMediaItem>['type'],
      url: m.url,
      ...(m.thumbnail ? { thumbnail: m.thumbnail } : {}),
    })),
  };
}

export default defineRoute({
  method: 'GET',
  url: '/v1/posts/scheduled',
  access: 'read',
  summary: 'List scheduled posts',
  description:
    'Posts waiting for their time, soonest first unless `sort=desc`. Media items carry only type, url and ' +
    'thumbnail here (GET /v1/posts/{postId} has their file name, size and type).',
  tags: ['posts'],
  query: Type.Object(
    {
      ...offsetPaging(),
      sort: Type.Optional(Type.Enum(['asc', 'desc'])),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({ success: Type.Boolean(), total: Type.Integer(), posts: Type.Array(ScheduledPost) }),
      {
        success: true,
        total: 1,
        posts: [toScheduledPost(scheduledPostExample as unknown as PostRecord)],
      },
    ),
  },
  errors: [503],
  handler: async ({ query, caller }, ctx) => {
    const { total, posts } = await listScheduled(ctx, caller, query);
    return { success: true, total, posts: posts.map(toScheduledPost) };
  },
});
