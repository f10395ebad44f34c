/**
 * What Reddit takes in an image or video post, in the rule shape every platform
 * states (src/media/rules.ts), from Reddit's help pages on posting media
 * (https://support.reddithelp.com/hc/en-us/articles/360043033952): images in JPEG,
 * PNG or GIF up to 20 MB; videos in MP4 or MOV up to 1 GB and 15 minutes. A post
 * carries one image or one video (validate.ts says so); the subreddit's own rules
 * (rules.ts) are checked apart.
 */
import { MEGABYTE, type PlatformMediaRules } from '../../media/rules.ts';

const DOC = 'https://support.reddithelp.com/hc/en-us/articles/360043033952';

export const redditMediaRules: PlatformMediaRules = {
  formats: {
    image: {
      title: 'Reddit image posts',
      doc: DOC,
      image: { formats: ['image/jpeg', 'image/png', 'image/gif'], maxBytes: 20 * MEGABYTE },
      gif: { formats: ['image/gif'], maxBytes: 20 * MEGABYTE },
    },
    video: {
      title: 'Reddit video posts',
      doc: DOC,
      video: {
        containers: ['video/mp4', 'video/quicktime'],
        durationSec: { max: 15 * 60 },
        maxBytes: 1000 * MEGABYTE,
      },
    },
  },
  formatOf: ({ kind }) => (kind === 'video' ? 'video' : kind === 'document' ? null : 'image'),
};
