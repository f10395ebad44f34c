import { type Static, Type } from 'typebox';
import { Uri } from '../shared/options.ts';

export const LinkedInMention = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      description: 'Exact, case-sensitive text of the content, appearing exactly once.',
    }),
    urn: Type.String({ pattern: '^urn:li:organization:.+$' }),
  },
  { additionalProperties: false },
);

/** LinkedInConfigurations (interface.md). */
export const LinkedInOptions = Type.Object(
  {
    visibility: Type.Optional(Type.Enum(['PUBLIC', 'CONNECTIONS'])),
    mentions: Type.Optional(Type.Array(LinkedInMention, { maxItems: 30 })),
    articleUrl: Type.Optional(Uri('Makes the post a link share with a preview card.')),
    articleTitle: Type.Optional(Type.String({ maxLength: 400 })),
    articleDescription: Type.Optional(Type.String({ maxLength: 400 })),
    documentTitle: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false, $id: 'LinkedInConfigurations' },
);
export type LinkedInOptions = Static<typeof LinkedInOptions>;
