import { type Static, Type } from 'typebox';
import { MediaFittingOptions } from '../shared/options.ts';

/** BlueskyConfigurations (interface.md). */
export const BlueskyOptions = Type.Object(
  {
    ...MediaFittingOptions,
    langs: Type.Optional(
      Type.Array(
        Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$', description: 'BCP-47 tag.' }),
        { maxItems: 3, default: ['en'], description: 'Languages of the post.' },
      ),
    ),
    altText: Type.Optional(Type.Array(Type.String(), { description: 'Alt text per image, in media order.' })),
  },
  { additionalProperties: false, $id: 'BlueskyConfigurations' },
);
export type BlueskyOptions = Static<typeof BlueskyOptions>;
