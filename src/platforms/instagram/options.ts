import { type Static, Type } from 'typebox';
import { MediaFittingOptions, Uri } from '../shared/options.ts';

/** InstagramConfigurations (interface.md): apply to Reels and video posts; image posts ignore them. */
export const InstagramOptions = Type.Object(
  {
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
  },
  { additionalProperties: false, $id: 'InstagramConfigurations' },
);
export type InstagramOptions = Static<typeof InstagramOptions>;
