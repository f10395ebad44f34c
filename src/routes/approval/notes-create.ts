import { Type } from 'typebox';
import { addNote, NOTE_MAX_LENGTH } from '../../domain/approval/notes.ts';
import { requireVisiblePost } from '../../domain/approval/scope.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { PostIdParams } from '../posts/schemas.ts';
import { NoteSchema, noteExample } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/posts/:postId/notes',
  summary: 'Add a note to a post',
  description: `An internal note for the team, signed with the caller (a member’s e-mail, or key:<id>). At most ${NOTE_MAX_LENGTH} characters.`,
  tags: ['approval'],
  access: 'draft',
  params: PostIdParams,
  body: Type.Object(
    { text: Type.String({ minLength: 1, maxLength: NOTE_MAX_LENGTH }) },
    { additionalProperties: false },
  ),
  response: {
    201: withExample(Type.Object({ success: Type.Boolean(), note: NoteSchema }), {
      success: true,
      note: noteExample,
    }),
  },
  errors: [404, 503],
  handler: async ({ params, body, caller }, ctx) => {
    await requireVisiblePost(ctx, caller, params.postId);
    return { success: true, note: await addNote(ctx, caller, params.postId, body.text) };
  },
});
