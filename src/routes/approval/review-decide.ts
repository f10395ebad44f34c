import { Type } from 'typebox';
import { NOTE_MAX_LENGTH } from '../../domain/approval/notes.ts';
import { decideReview } from '../../domain/approval/review.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
import { TokenParams } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/review/:token/decisions',
  summary: 'Answer a client review link',
  description:
    'The reviewer approves a post of the link or requests changes (a comment is then required), giving their name. Always recorded in the post’s notes under that name. It moves a pending post as a member’s approval does (`moved: true`) only when the link may approve; approving may then be refused as any approval is (402 without credits, 409 when it is no longer pending). Rate limited per address.',
  tags: ['approval'],
  auth: false,
  params: TokenParams,
  body: Type.Object(
    {
      postId: Type.String({ minLength: 1, maxLength: 200 }),
      decision: Type.Enum(['approve', 'request_changes']),
      name: Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'Who answers, as the team will read it.',
      }),
      comment: Type.Optional(Type.String({ maxLength: NOTE_MAX_LENGTH })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        postId: Type.String(),
        status: Type.String(),
        moved: Type.Boolean({
          description: 'Whether the post was approved or sent back, or the answer only recorded.',
        }),
        message: Type.String(),
      }),
      {
        success: true,
        postId: IDS.post,
        status: 'scheduled',
        moved: true,
        message: 'Approved: scheduled for 2026-12-02T11:30:00.000Z',
      },
    ),
  },
  errors: [402, 403, 404, 409, 429, 503],
  handler: ({ params, body }, ctx) => decideReview(ctx, params.token, body),
});
