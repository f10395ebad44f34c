import { Type } from 'typebox';
import { readMedia } from '../../domain/media-uploads/library.ts';
import { notFound } from '../../errors.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { MediaFileSchema, MediaIdParams, mediaFileExample } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/media/:id',
  summary: 'Read an uploaded media file',
  description: 'Its record, with every post that uses it. 404 for a deleted file or one of another project.',
  tags: ['media'],
  access: 'read',
  params: MediaIdParams,
  response: {
    200: withExample(Type.Object({ success: Type.Boolean(), media: MediaFileSchema }), {
      success: true,
      media: mediaFileExample,
    }),
  },
  errors: [404, 503],
  handler: async ({ params, caller }, ctx) => {
    // The project's library is not a profile's (see GET /v1/media).
    if (caller.profileIds !== null) throw notFound('Media');
    return { success: true, media: await readMedia(ctx, caller.projectId, params.id) };
  },
});
