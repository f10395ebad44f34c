import { Type } from 'typebox';
import { NOTE_MAX_LENGTH } from '../../domain/approval/notes.ts';
import { rejectPost } from '../../domain/approval/reject.ts';
import { requireVisiblePost } from '../../domain/approval/scope.ts';
import { invalid } from '../../errors.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
import { PostIdParams } from '../posts/schemas.ts';
import { RejectAnswerSchema } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/posts/:postId/reject',
  summary: 'Request changes on a post',
  description:
    'A post awaiting approval goes back to `draft` with the note in its history (GET /v1/posts/{postId}/notes); nothing had been charged. Announced by post.rejected. 409 when the post is not pending.',
  tags: ['approval'],
  access: 'publish',
  params: PostIdParams,
  body: Type.Object(
    { note: Type.String({ minLength: 1, maxLength: NOTE_MAX_LENGTH, description: 'What should change.' }) },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(RejectAnswerSchema, {
      success: true,
      postId: IDS.post,
      status: 'draft',
      message: 'Changes requested: the post is a draft again, with the note in its history',
    }),
  },
  errors: [404, 409, 503],
  handler: async ({ params, body, caller }, ctx) => {
    const note = body.note.trim();
    if (!note) throw invalid('note must say what should change');
    await requireVisiblePost(ctx, caller, params.postId);
    return rejectPost(ctx, caller, params.postId, note);
  },
});
