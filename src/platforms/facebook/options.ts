import { type Static, Type } from 'typebox';
import { Uri } from '../shared/options.ts';

/** FacebookConfigurations (interface.md, Facebook Pages). */
export const FacebookOptions = Type.Object(
  {
    link: Type.Optional(Uri('On text-only posts, a link preview card is rendered from the URL.')),
    published: Type.Optional(Type.Boolean()),
    videoThumbnailUrl: Type.Optional(Uri('Video posts only.')),
  },
  { additionalProperties: false, $id: 'FacebookConfigurations' },
);
export type FacebookOptions = Static<typeof FacebookOptions>;
