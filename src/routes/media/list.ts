import { Type } from 'typebox';
import { listMedia } from '../../domain/media-uploads/library.ts';
import { offsetPaging } from '../../http/paging.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { MediaFileSchema, mediaFileExample } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/media',
  summary: 'List uploaded media',
  description:
    "The project's stored files (uploads whose bytes arrived, and images POST /v1/ai/image made), newest first, " +
    'each with the posts that use it. An upload URL not used yet lists nothing.',
  tags: ['media'],
  access: 'read',
  query: Type.Object({ ...offsetPaging() }, { additionalProperties: false }),
  response: {
    200: withExample(
      Type.Object({ success: Type.Boolean(), total: Type.Integer(), media: Type.Array(MediaFileSchema) }),
      { success: true, total: 1, media: [mediaFileExample] },
    ),
  },
  errors: [503],
  // Stored files belong to the project, not to a profile: a caller limited to some
  // profiles sees none of them here (it still uploads and uses its own in posts).
  handler: async ({ query, caller }, ctx) =>
    caller.profileIds !== null
      ? { success: true, total: 0, media: [] }
      : { success: true, ...(await listMedia(ctx, caller.projectId, query)) },
});
