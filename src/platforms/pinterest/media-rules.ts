/**
 * Pinterest's media rules, from the product specs
 * (https://help.pinterest.com/en/business/article/pinterest-product-specs) and the
 * pins API (https://developers.pinterest.com/docs/api/v5/pins-create): image pins
 * JPEG, PNG, WebP, GIF, BMP or TIFF up to 20 MB (tall pins are cut off in feeds,
 * not refused); video pins MP4, MOV or M4V in H.264 or H.265, 4 s to 15 minutes,
 * at most 2 GB, between 1:2 and 1.91:1.
 */
import { MEGABYTE, type PlatformMediaRules } from '../../media/rules.ts';

const DOC = 'https://help.pinterest.com/en/business/article/pinterest-product-specs';
const image = {
  formats: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/bmp', 'image/tiff'],
  maxBytes: 20 * MEGABYTE,
};

export const pinterestMediaRules: PlatformMediaRules = {
  formats: {
    pin: { title: 'Pinterest image pins', doc: DOC, image, gif: image },
    video: {
      title: 'Pinterest video pins',
      doc: DOC,
      video: {
        containers: ['video/mp4', 'video/quicktime', 'video/x-m4v'],
        videoCodecs: ['h264', 'hevc'],
        durationSec: { min: 4, max: 15 * 60 },
        maxBytes: 2000 * MEGABYTE,
        aspect: { min: 0.5, max: 1.91 },
      },
    },
  },
  formatOf: ({ kind }) => (kind === 'video' ? 'video' : kind === 'document' ? null : 'pin'),
};
