import { Type } from 'typebox';
import { validatePost } from '../../domain/posts/validate.ts';
import { defineRoute } from '../../http/route.ts';
import { PostPayloadSchema } from './schemas.ts';

const ProblemSchema = Type.Object({
  scope: Type.Enum(['schedule', 'post', 'target']),
  target: Type.Union([Type.Integer(), Type.Null()], { description: 'Index in `platforms`, or null.' }),
  platform: Type.Union([Type.String(), Type.Null()]),
  field: Type.Union([Type.String(), Type.Null()], {
    description: 'The field the message names (`content`, `platformSpecificData.boardId`, `accountId`...).',
  }),
  message: Type.String({ description: 'The message exactly as POST /v1/posts would write it.' }),
});

export const ValidationAnswerSchema = Type.Object(
  {
    success: Type.Boolean(),
    valid: Type.Boolean(),
    status: Type.Integer({ description: 'What POST /v1/posts would answer: 202, 400 or 403.' }),
    message: Type.Union([Type.String(), Type.Null()], {
      description: "Create's error message for this body; null when it would be accepted.",
    }),
    problems: Type.Array(ProblemSchema),
  },
  {
    examples: [
      {
        success: true,
        valid: false,
        status: 400,
        message: 'platforms[0] (pinterest): platformSpecificData.boardId is required',
        problems: [
          {
            scope: 'target',
            target: 0,
            platform: 'pinterest',
            field: 'platformSpecificData.boardId',
            message: 'platforms[0] (pinterest): platformSpecificData.boardId is required',
          },
        ],
      },
    ],
  },
);

export default defineRoute({
  method: 'POST',
  url: '/v1/posts/validate',
  summary: 'Check a post without creating it',
  description:
    'Takes the body of POST /v1/posts and runs the same checks (schedule, media, every platform’s rules, ' +
    'every account) without storing or charging anything. Answers 200 with each problem and where it is, ' +
    'and the status and message create would answer. A body that does not match the schema is 400 as on create.',
  tags: ['posts'],
  body: PostPayloadSchema,
  response: { 200: ValidationAnswerSchema },
  handler: ({ body, caller }, ctx) => validatePost(ctx, caller.projectId, body),
});
