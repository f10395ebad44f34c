/**
 * Facebook Pages' media rules: photos (Page Photos reference,
 * https://developers.facebook.com/docs/graph-api/reference/page/photos) in JPEG,
 * PNG, BMP, GIF or TIFF, at most 4 MB (the reference says 10 MB, but uploads over
 * 4 MB are refused with subcode 1366046, so the observed limit is the rule); videos
 * (https://developers.facebook.com/docs/video-api/guides/publishing) in most
 * containers, up to 10 GB and 4 hours.
 */
import { MEGABYTE, type PlatformMediaRules } from '../../media/rules.ts';

const photo = {
  formats: ['image/jpeg', 'image/png', 'image/bmp', 'image/gif', 'image/tiff'],
  maxBytes: 4 * MEGABYTE,
};

export const facebookMediaRules: PlatformMediaRules = {
  formats: {
    photo: {
      title: 'Facebook Page photos',
      doc: 'https://developers.facebook.com/docs/graph-api/reference/page/photos',
      image: photo,
      gif: photo,
    },
    video: {
      title: 'Facebook Page videos',
      doc: 'https://developers.facebook.com/docs/video-api/guides/publishing',
      video: {
        containers: ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-msvideo', 'video/x-matroska'],
        durationSec: { min: 1, max: 4 * 3600 },
        maxBytes: 10_000 * MEGABYTE,
      },
    },
  },
  formatOf: ({ kind }) => (kind === 'video' ? 'video' : kind === 'document' ? null : 'photo'),
};
