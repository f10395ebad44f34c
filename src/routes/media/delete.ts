import { Type } from 'typebox';
import { deleteMedia } from '../../domain/media-uploads/library.ts';
import { notFound } from '../../errors.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { MediaIdParams } from './schemas.ts';

const DONE = 'Media deleted; its URL no longer serves the file';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/media/:id',
  summary: 'Delete an uploaded media file',
  description:
    'Deletes the stored file and its record. 409 while a post that is not published (a draft, a scheduled, ' +
    'publishing, failed or partly published post: those may still publish it) or a running series uses it; ' +
    'published posts keep their text, the platforms hold their own copies. 404 for a file of another project.',
  tags: ['media'],
  access: 'publish',
  params: MediaIdParams,
  response: {
    200: withExample(Type.Object({ success: Type.Boolean(), message: Type.String() }), {
      success: true,
      message: DONE,
    }),
  },
  errors: [404, 409, 503],
  handler: async ({ params, caller }, ctx) => {
    // The project's library is not a profile's (see GET /v1/media).
    if (caller.profileIds !== null) throw notFound('Media');
    await deleteMedia(ctx, caller.projectId, params.id);
    return { success: true, message: DONE };
  },
});
