import { Type } from 'typebox';
import { validatePost } from '../../domain/posts/validate.ts';
import { defineRoute } from '../../http/route.ts';
import { PostPayloadSchema, ValidationProblemSchema } from './schemas.ts';

export const ValidationAnswerSchema = Type.Object(
  {
    success: Type.Boolean(),
    valid: Type.Boolean(),
    status: Type.Integer({ description: 'What POST /v1/posts would answer: 202, 400 or 403.' }),
    message: Type.Union([Type.String(), Type.Null()], {
      description: "Create's error message for this body; null when it would be accepted.",
    }),
    problems: Type.Array(ValidationProblemSchema),
    textLengths: Type.Array(
      Type.Object({
        target: Type.Integer(),
        platform: Type.String(),
        length: Type.Integer({ description: 'The text as the platform counts it (X weighs URLs 23...).' }),
        limit: Type.Integer(),
        unit: Type.String(),
      }),
      { description: "Each target's text length and its platform's limit, for counters." },
    ),
    conversions: Type.Array(
      Type.Object({
        target: Type.Integer({ description: 'Index in platforms.' }),
        platform: Type.String(),
        item: Type.Integer({ description: 'Index in mediaItems.' }),
        fit: Type.Enum(['pad', 'crop']),
        description: Type.String({
          description: 'What will be done, as the target’s warningMessage will say it.',
        }),
        frameAspect: Type.Optional(
          Type.Number({
            description:
              'Width ÷ height of the frame the item is padded or cropped to (0.8 for 4:5), when its shape changes: for drawing it as it will be published.',
          }),
        ),
      }),
      {
        description:
          'What `mediaProcessing: "auto"` would convert for each target so its platform accepts the media (nothing is converted by validating). Empty with `"off"`: such media is a problem instead.',
      },
    ),
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
        textLengths: [
          {
            target: 0,
            platform: 'pinterest',
            length: 11,
            limit: 800,
            unit: 'characters (the pin description)',
          },
        ],
        conversions: [],
      },
    ],
  },
);

export default defineRoute({
  method: 'POST',
  url: '/v1/posts/validate',
  access: 'draft',
  summary: 'Check a post without creating it',
  description:
    'Takes the body of POST /v1/posts and runs the same checks (schedule, media, every platform’s rules, ' +
    'every account) without storing or charging anything. Answers 200 with each problem and where it is, ' +
    'and the status and message create would answer. A body that does not match the schema is 400 as on create.',
  tags: ['posts'],
  body: PostPayloadSchema,
  response: { 200: ValidationAnswerSchema },
  handler: ({ body, caller }, ctx) => validatePost(ctx, caller, body),
});
