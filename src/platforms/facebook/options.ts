import { type Static, Type } from 'typebox';
import { MediaFittingOptions, Uri } from '../shared/options.ts';

/**
 * FacebookConfigurations (interface.md, Facebook Pages), and `contentType` beside
 * it: a Reel or a Story instead of a feed post (formats.ts has their rules).
 */
export const FacebookOptions = Type.Object(
  {
    contentType: Type.Optional(
      Type.Enum(['reel', 'story'], {
        description:
          '"reel" publishes one vertical video (MP4, 9:16, 3 to 90 s) as a Facebook Reel with the text as its description; "story" publishes one photo or one video (up to 60 s) as a Page Story, which shows no text and takes no first comment. Omitted: a feed post.',
      }),
    ),
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

export const isFacebookStory = (psd: Readonly<Record<string, unknown>> | undefined): boolean =>
  psd?.contentType === 'story';
