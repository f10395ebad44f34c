import { type Static, Type } from 'typebox';
import { MediaFittingOptions, Uri } from '../shared/options.ts';

/** FacebookConfigurations (interface.md, Facebook Pages). */
export const FacebookOptions = Type.Object(
  {
    ...MediaFittingOptions,
    link: Type.Optional(
      Uri(
        'On text-only posts, a link preview card is rendered from the URL. Ignored when media is attached.',
      ),
    ),
    published: Type.Optional(
      Type.Boolean({ default: true, description: 'False creates the post on the Page unpublished.' }),
    ),
    videoThumbnailUrl: Type.Optional(
      Uri('Video posts only. Applied after publishing; if that fails the post still succeeds.'),
    ),
  },
  { additionalProperties: false, $id: 'FacebookConfigurations' },
);
export type FacebookOptions = Static<typeof FacebookOptions>;
