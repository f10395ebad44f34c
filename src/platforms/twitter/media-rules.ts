/**
 * X's media rules, from the media upload best practices
 * (https://docs.x.com/x-api/media/quickstart/best-practices): images JPEG, PNG,
 * GIF or WebP up to 5 MB (8192 px per side); animated GIFs up to 15 MB and
 * 1280×1080; videos MP4 or MOV in H.264 with AAC, 32×32 to 1280×1024, 1:3 to 3:1,
 * at most 60 fps, 0.5 s to 20 minutes and 8 GB (a default account).
 */
import { MEGABYTE, type PlatformMediaRules } from '../../media/rules.ts';

const DOC = 'https://docs.x.com/x-api/media/quickstart/best-practices';

export const twitterMediaRules: PlatformMediaRules = {
  formats: {
    post: {
      title: 'X posts',
      doc: DOC,
      image: {
        formats: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
        maxBytes: 5 * MEGABYTE,
        maxSide: 8192,
      },
      gif: { formats: ['image/gif'], maxBytes: 15 * MEGABYTE, width: { max: 1280 }, height: { max: 1080 } },
      video: {
        containers: ['video/mp4', 'video/quicktime'],
        videoCodecs: ['h264'],
        audioCodecs: ['aac'],
        durationSec: { min: 0.5, max: 20 * 60 },
        maxBytes: 8000 * MEGABYTE,
        width: { min: 32, max: 1280 },
        height: { min: 32, max: 1024 },
        aspect: { min: 1 / 3, max: 3 },
        fps: { max: 60 },
      },
    },
  },
  formatOf: ({ kind }) => (kind === 'document' ? null : 'post'),
};
