import { Type } from 'typebox';
import { listNotes } from '../../domain/approval/notes.ts';
import { requireVisiblePost } from '../../domain/approval/scope.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { PostIdParams } from '../posts/schemas.ts';
import { NoteSchema, noteExample } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/posts/:postId/notes',
  summary: 'List a post’s notes and approval history',
  description:
    'Internal notes (never published, never shown on review links) and the approval history in one list, oldest first: who, when, what. A reviewer’s answer through a client review link carries the name they gave and the link’s id.',
  tags: ['approval'],
  access: 'read',
  params: PostIdParams,
  response: {
    200: withExample(Type.Object({ success: Type.Boolean(), notes: Type.Array(NoteSchema) }), {
      success: true,
      notes: [noteExample],
    }),
  },
  errors: [404, 503],
  handler: async ({ params, caller }, ctx) => {
    await requireVisiblePost(ctx, caller, params.postId);
    return { success: true, notes: await listNotes(ctx, caller.projectId, params.postId) };
  },
});
