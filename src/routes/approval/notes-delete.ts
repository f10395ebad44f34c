import { Type } from 'typebox';
import { deleteNote } from '../../domain/approval/notes.ts';
import { requireVisiblePost } from '../../domain/approval/scope.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { NoteIdParams } from './schemas.ts';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/posts/:postId/notes/:noteId',
  summary: 'Delete one of your notes',
  description:
    'Only the note’s author can delete it (403 otherwise); lines of the approval history are kept (403).',
  tags: ['approval'],
  access: 'draft',
  params: NoteIdParams,
  response: {
    200: withExample(Type.Object({ success: Type.Boolean(), message: Type.String() }), {
      success: true,
      message: 'Note deleted',
    }),
  },
  errors: [404, 503],
  handler: async ({ params, caller }, ctx) => {
    await requireVisiblePost(ctx, caller, params.postId);
    await deleteNote(ctx, caller, params.postId, params.noteId);
    return { success: true, message: 'Note deleted' };
  },
});
