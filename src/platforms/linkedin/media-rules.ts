/**
 * LinkedIn's media rules, from the Images API
 * (https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/images-api)
 * and the Videos API (…/shares/videos-api): images JPEG, PNG or GIF, fewer than
 * 36,152,320 pixels, at most 5 MB; videos MP4 in H.264 with AAC, 3 s to 30 minutes,
 * 75 KB to 200 MB (the stricter published size), 256×144 to 4096×2304, 10–60 fps,
 * 1:2.4 to 2.4:1.
 */
import { MEGABYTE, type PlatformMediaRules } from '../../media/rules.ts';

const image = {
  formats: ['image/jpeg', 'image/png', 'image/gif'],
  maxBytes: 5 * MEGABYTE,
  maxPixels: 36_152_320,
};

export const linkedinMediaRules: PlatformMediaRules = {
  formats: {
    image: {
      title: 'LinkedIn images',
      doc: 'https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/images-api',
      image,
      gif: image,
    },
    video: {
      title: 'LinkedIn videos',
      doc: 'https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/videos-api',
      video: {
        containers: ['video/mp4'],
        videoCodecs: ['h264'],
        audioCodecs: ['aac'],
        durationSec: { min: 3, max: 30 * 60 },
        maxBytes: 200 * MEGABYTE,
        width: { min: 256, max: 4096 },
        height: { min: 144, max: 2304 },
        aspect: { min: 1 / 2.4, max: 2.4 },
        fps: { min: 10, max: 60 },
      },
    },
  },
  formatOf: ({ kind }) => (kind === 'video' ? 'video' : kind === 'document' ? null : 'image'),
};
