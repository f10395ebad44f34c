/**
 * What a Mastodon instance takes by default, in the rule shape every platform states
 * (src/media/rules.ts), from Mastodon's media API page
 * (https://docs.joinmastodon.org/methods/media/) and its server defaults: images in
 * JPEG, PNG, GIF, WebP, HEIC or AVIF up to 16 MiB, videos in MP4, WebM or MOV up to
 * 99 MiB. Each instance states its own numbers (`/api/v2/instance`, limits.ts); those
 * are checked against the account's instance by validate.ts and the publisher.
 */
import type { PlatformMediaRules } from '../../media/rules.ts';
import { MASTODON_DEFAULT_LIMITS as D } from './limits.ts';

const DOC = 'https://docs.joinmastodon.org/methods/media/';
const IMAGES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/avif'];

export const mastodonMediaRules: PlatformMediaRules = {
  formats: {
    image: {
      title: 'Mastodon images',
      doc: DOC,
      image: { formats: IMAGES, maxBytes: D.imageMaxBytes },
      gif: { formats: ['image/gif'], maxBytes: D.imageMaxBytes },
    },
    video: {
      title: 'Mastodon videos',
      doc: DOC,
      video: { containers: ['video/mp4', 'video/webm', 'video/quicktime'], maxBytes: D.videoMaxBytes },
    },
  },
  formatOf: ({ kind }) => (kind === 'video' ? 'video' : kind === 'document' ? null : 'image'),
};
