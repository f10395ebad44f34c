import { type Static, Type } from 'typebox';
import { MediaFittingOptions, Uri } from '../shared/options.ts';

export const LinkedInMention = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      description: 'Exact, case-sensitive text of the content, appearing exactly once.',
    }),
    urn: Type.String({ pattern: '^urn:li:organization:.+$', description: 'The mentioned organization.' }),
  },
  { additionalProperties: false },
);

/** LinkedInConfigurations (interface.md). */
export const LinkedInOptions = Type.Object(
  {
    ...MediaFittingOptions,
    visibility: Type.Optional(Type.Enum(['PUBLIC', 'CONNECTIONS'], { default: 'PUBLIC' })),
    mentions: Type.Optional(
      Type.Array(LinkedInMention, {
        maxItems: 30,
        description: 'Company pages only, not personal profiles.',
      }),
    ),
    articleUrl: Type.Optional(Uri('Makes the post a link share with a preview card.')),
    articleTitle: Type.Optional(Type.String({ maxLength: 400 })),
    articleDescription: Type.Optional(Type.String({ maxLength: 400 })),
    documentTitle: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'Required by LinkedIn when a document media item is included.',
      }),
    ),
  },
  { additionalProperties: false, $id: 'LinkedInConfigurations' },
);
export type LinkedInOptions = Static<typeof LinkedInOptions>;
