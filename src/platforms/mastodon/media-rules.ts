/**
 * What a Mastodon instance takes by default, in the rule shape every platform states
 * (src/media/rules.ts), from Mastodon's media API page
 * (https://docs.joinmastodon.org/methods/media/) and its server defaults: images in
 * JPEG, PNG, GIF, WebP, HEIC or AVIF up to 16 MiB, videos in MP4, WebM or MOV up to
 * 99 MiB. The server's defaults for the frame come from the Instance entity page
 * (https://docs.joinmastodon.org/entities/Instance/#media_attachments):
 * `image_matrix_limit` 33,177,600 px (an image over it is refused, "WxH images are
 * not supported"), `video_matrix_limit` 8,294,400 px (4K UHD) and
 * `video_frame_rate_limit` 120 fps (Mastodon's MediaAttachment model answers 422
 * "WxH videos are not supported" and "Nfps videos are not supported"). Mastodon
 * transcodes what it takes, so codecs and lengths are not limited. Each instance
 * states its own numbers (`/api/v2/instance`, limits.ts); those are checked against
 * the account's instance by validate.ts and the publisher.
 */
import type { PlatformMediaRules } from '../../media/rules.ts';
import { MASTODON_DEFAULT_LIMITS as D } from './limits.ts';

const DOC = 'https://docs.joinmastodon.org/methods/media/';
const IMAGES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/avif'];
/** The server defaults of the Instance entity's media_attachments. */
export const MASTODON_MATRIX = { image: 33_177_600, video: 8_294_400, videoFps: 120 } as const;

export const mastodonMediaRules: PlatformMediaRules = {
  formats: {
    image: {
      title: 'Mastodon images',
      doc: DOC,
      image: { formats: IMAGES, maxBytes: D.imageMaxBytes, maxPixels: MASTODON_MATRIX.image },
      gif: { formats: ['image/gif'], maxBytes: D.imageMaxBytes, maxPixels: MASTODON_MATRIX.image },
    },
    video: {
      title: 'Mastodon videos',
      doc: DOC,
      video: {
        containers: ['video/mp4', 'video/webm', 'video/quicktime'],
        maxBytes: D.videoMaxBytes,
        maxPixels: MASTODON_MATRIX.video,
        fps: { max: MASTODON_MATRIX.videoFps },
      },
    },
  },
  formatOf: ({ kind }) => (kind === 'video' ? 'video' : kind === 'document' ? null : 'image'),
};
