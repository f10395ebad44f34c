import { Type } from 'typebox';
import { writeCaption } from '../../domain/ai/write.ts';
import { defineRoute } from '../../http/route.ts';
import { PLATFORMS } from '../../platforms/names.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/ai/write',
  access: 'draft',
  summary: 'Write a caption with AI',
  description:
    'Writes a caption from a description that fits the strictest text limit of the given platforms (every ' +
    'platform when none are given), counted as publishing counts it. Costs 2 credits, charged only when a caption ' +
    'is returned; 402 (before the AI is asked) when fewer remain; 503 when no AI provider is configured or it fails (never 500 for that: a 500 is an unexpected error). ' +
    'Both answer `{success: false, message, error}`, readable as either error shape.',
  // The contract lists 500 where the service answers 503: both readable in either shape.
  serverErrorsInBothShapes: true,
  tags: ['ai'],
  body: Type.Object(
    {
      description: Type.String({ minLength: 1, maxLength: 4000, description: 'What the post is about.' }),
      platforms: Type.Optional(
        Type.Array(Type.Union(PLATFORMS.map((p) => Type.Literal(p))), {
          maxItems: PLATFORMS.length,
          description: 'The platforms the caption must fit.',
        }),
      ),
      existingContent: Type.Optional(
        Type.String({ maxLength: 70_000, description: 'A draft to improve instead of starting afresh.' }),
      ),
    },
    {
      additionalProperties: false,
      examples: [
        {
          description: 'Our spring collection launches Friday, 20% off for subscribers',
          platforms: ['twitter', 'bluesky'],
        },
      ],
    },
  ),
  response: {
    200: Type.Object(
      { success: Type.Boolean(), content: Type.String(), creditsCharged: Type.Integer() },
      {
        examples: [
          {
            success: true,
            content:
              'Spring is here! Our new collection drops Friday, and subscribers get 20% off. #SpringLaunch',
            creditsCharged: 2,
          },
        ],
      },
    ),
  },
  errors: [402],
  handler: async ({ body, caller }, ctx) => ({
    success: true,
    ...(await writeCaption(ctx, caller.projectId, body)),
  }),
});
