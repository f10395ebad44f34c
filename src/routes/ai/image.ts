import { Type } from 'typebox';
import { ASPECT_SIZES, generateImage, STYLES } from '../../domain/ai/image.ts';
import { invalid } from '../../errors.ts';
import { defineRoute } from '../../http/route.ts';

const MAX_REFERENCES = 4;
const Urls = (description: string) =>
  Type.Optional(
    Type.Array(Type.String({ format: 'uri', maxLength: 2000 }), { maxItems: MAX_REFERENCES, description }),
  );

/** The deprecated single `referenceImageUrl` joins the list, once; more than 4 in all is 400. */
function withSingleReference(list: string[] | undefined, single: string | undefined): string[] | undefined {
  if (single === undefined) return list;
  const all = [...new Set([...(list ?? []), single])];
  if (all.length > MAX_REFERENCES)
    throw invalid(
      `referenceImageUrl and referenceImageUrls name ${all.length} reference images; at most ${MAX_REFERENCES} are allowed`,
    );
  return all;
}

export default defineRoute({
  method: 'POST',
  url: '/v1/ai/image',
  access: 'draft',
  summary: 'Generate an image with AI',
  description:
    'Generates an image from a description and stores it like an upload: `url` goes straight into `mediaItems`. ' +
    'Costs 10 credits, charged only when an image is returned; 402 (before the AI is asked) when fewer remain; ' +
    '503 when no AI provider is configured or it fails (never 500 for that: a 500 is an unexpected error). Both ' +
    'answer `{success: false, message, error}`, readable as either error shape.',
  // The contract lists 500 where the service answers 503: both readable in either shape.
  serverErrorsInBothShapes: true,
  tags: ['ai'],
  body: Type.Object(
    {
      description: Type.String({ minLength: 1, maxLength: 4000 }),
      aspectRatio: Type.Optional(
        Type.Union(
          Object.keys(ASPECT_SIZES).map((a) => Type.Literal(a as keyof typeof ASPECT_SIZES)),
          { description: 'square (default), vertical or landscape.' },
        ),
      ),
      style: Type.Optional(Type.Union(STYLES.map((s) => Type.Literal(s)))),
      referenceImageUrls: Urls('Images whose look to follow.'),
      referenceImageUrl: Type.Optional(
        Type.String({
          format: 'uri',
          maxLength: 2000,
          deprecated: true,
          description:
            'Deprecated: one image whose look to follow; use referenceImageUrls. Taken as one more entry of referenceImageUrls (at most 4 in all).',
        }),
      ),
      assetImageUrls: Urls('Images (logos, products) to include.'),
    },
    {
      additionalProperties: false,
      examples: [
        { description: 'A sunlit flower shop window in spring', aspectRatio: 'vertical', style: 'photo' },
      ],
    },
  ),
  response: {
    200: Type.Object(
      {
        success: Type.Boolean(),
        url: Type.String({ format: 'uri' }),
        mimeType: Type.String(),
        creditsCharged: Type.Integer(),
      },
      {
        examples: [
          {
            success: true,
            url: 'http://localhost:3000/v1/media/files/media_0mhx2k3p0a1b2c3d4e5f6g7h8j/ai-image.png',
            mimeType: 'image/png',
            creditsCharged: 10,
          },
        ],
      },
    ),
  },
  errors: [402],
  handler: async ({ body, caller }, ctx) => {
    const { referenceImageUrl, ...request } = body;
    return {
      success: true,
      ...(await generateImage(ctx, caller.projectId, {
        ...request,
        referenceImageUrls: withSingleReference(request.referenceImageUrls, referenceImageUrl),
      })),
    };
  },
});
