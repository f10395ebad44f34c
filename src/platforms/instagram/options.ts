import { type Static, Type } from 'typebox';
import { MediaFittingOptions, Uri } from '../shared/options.ts';

/**
 * InstagramConfigurations (interface.md, and PostPeer's later fields `contentType`
 * and `collaborators`): shareToFeed, coverUrl and thumbOffset apply to Reels and
 * video posts (image posts ignore them); a Story takes none of them.
 */
export const InstagramOptions = Type.Object(
  {
    contentType: Type.Optional(
      Type.Enum(['story'], {
        description:
          '"story" publishes an Instagram Story (one image or video; no caption, shareToFeed, cover or collaborators). Omitted: images publish to the feed, videos as Reels.',
      }),
    ),
    ...MediaFittingOptions,
    shareToFeed: Type.Optional(
      Type.Boolean({ default: true, description: 'Reels only. False publishes to Reels only.' }),
    ),
    coverUrl: Type.Optional(Uri('Video only. Cover frame image.')),
    thumbOffset: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'Video only. Cover frame time in milliseconds; ignored when coverUrl is set.',
      }),
    ),
    collaborators: Type.Optional(
      Type.Array(
        Type.String({
          minLength: 1,
          maxLength: 30,
          pattern: '^[A-Za-z0-9._]+$',
          description: 'Instagram username without the leading @.',
        }),
        {
          minItems: 1,
          maxItems: 3,
          uniqueItems: true,
          description:
            'Feed posts, carousels and Reels only. Up to three Instagram usernames invited as collaborators; each must accept the invitation in Instagram.',
        },
      ),
    ),
  },
  { additionalProperties: false, $id: 'InstagramConfigurations' },
);
export type InstagramOptions = Static<typeof InstagramOptions>;

export const isInstagramStory = (psd: Readonly<Record<string, unknown>> | undefined): boolean =>
  psd?.contentType === 'story';
