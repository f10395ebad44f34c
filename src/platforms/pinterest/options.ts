import { type Static, Type } from 'typebox';
import { MediaFittingOptions, Uri } from '../shared/options.ts';

/** PinterestConfigurations (interface.md). */
export const PinterestOptions = Type.Object(
  {
    ...MediaFittingOptions,
    boardId: Type.String({ minLength: 1, description: 'Required. From GET /v1/pinterest/boards.' }),
    title: Type.Optional(
      Type.String({ maxLength: 100, description: 'Default: the first line of the content.' }),
    ),
    link: Type.Optional(
      Type.String({ format: 'uri', maxLength: 2048, description: 'HTTPS destination URL.' }),
    ),
    altText: Type.Optional(Type.String({ maxLength: 500, description: 'At most 500 characters.' })),
    dominantColor: Type.Optional(
      Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: 'Hex color, e.g. #6E7874.' }),
    ),
    coverImageUrl: Type.Optional(Uri('Custom cover image for video pins.')),
  },
  { additionalProperties: false, $id: 'PinterestConfigurations' },
);
export type PinterestOptions = Static<typeof PinterestOptions>;
