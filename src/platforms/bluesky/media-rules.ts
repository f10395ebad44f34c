/**
 * Bluesky's media rules, from the lexicons app.bsky.embed.images and
 * app.bsky.embed.video (https://github.com/bluesky-social/atproto/tree/main/lexicons/app/bsky/embed)
 * and the video guide (https://docs.bsky.app/docs/tutorials/video): images of
 * any image type, at most 1,000,000 bytes (the stricter lexicon) and 2000 px on
 * the longest side; videos MP4, at most 3 minutes and 100 MB (video service limits).
 */
import { MEGABYTE, type PlatformMediaRules } from '../../media/rules.ts';

const image = {
  formats: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  maxBytes: 1_000_000,
  maxSide: 2000,
};

export const blueskyMediaRules: PlatformMediaRules = {
  formats: {
    images: {
      title: 'Bluesky images',
      doc: 'https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/images.json',
      image,
      gif: image,
    },
    video: {
      title: 'Bluesky videos',
      doc: 'https://docs.bsky.app/docs/tutorials/video',
      video: { containers: ['video/mp4'], durationSec: { max: 180 }, maxBytes: 100 * MEGABYTE },
    },
  },
  formatOf: ({ kind }) => (kind === 'video' ? 'video' : kind === 'document' ? null : 'images'),
};
