/**
 * Instagram's media rules per format, from the IG User Media reference
 * (https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media)
 * and its error codes (…/instagram-graph-api/reference/error-codes): feed images
 * JPEG only, at most 8 MiB, between 4:5 and 1.91:1 (2207005, 2207004, 2207009);
 * Reels MP4/MOV in H.264 or HEVC with AAC, 3 s to 15 min, 23–60 fps, at most
 * 1920 px wide, 25 Mbps and 300 MB (the stricter of the published sizes); carousel
 * videos 3–60 s, 100 MB, 4:5 to 16:9.
 */
import { MEGABYTE, type PlatformMediaRules } from '../../media/rules.ts';

const DOC =
  'https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media';
const MiB = 1024 * 1024;
const feedImage = { formats: ['image/jpeg'], maxBytes: 8 * MiB, aspect: { min: 0.8, max: 1.91 } };
const reelVideo = {
  containers: ['video/mp4', 'video/quicktime'],
  videoCodecs: ['h264', 'hevc'],
  audioCodecs: ['aac'],
  durationSec: { min: 3, max: 15 * 60 },
  maxBytes: 300 * MEGABYTE,
  width: { max: 1920 },
  aspect: { min: 0.01, max: 10 },
  fps: { min: 23, max: 60 },
  maxBitrate: 25 * MEGABYTE,
};

export const instagramMediaRules: PlatformMediaRules = {
  formats: {
    feed: { title: 'Instagram feed images', doc: DOC, image: feedImage },
    carousel: {
      title: 'Instagram carousel items',
      doc: DOC,
      image: feedImage,
      video: {
        ...reelVideo,
        durationSec: { min: 3, max: 60 },
        maxBytes: 100 * MEGABYTE,
        aspect: { min: 0.8, max: 16 / 9 },
      },
    },
    reel: { title: 'Instagram Reels', doc: DOC, video: reelVideo },
    story: {
      title: 'Instagram Stories',
      doc: DOC,
      image: { formats: ['image/jpeg'], maxBytes: 8 * MiB },
      video: {
        ...reelVideo,
        durationSec: { min: 3, max: 60 },
        maxBytes: 100 * MEGABYTE,
        aspect: { min: 0.1, max: 10 },
      },
    },
  },
  formatOf: ({ kind, itemCount, options }) => {
    if (kind === 'gif' || kind === 'document') return null;
    if (options.contentType === 'story') return 'story';
    if (itemCount > 1) return 'carousel';
    return kind === 'video' ? 'reel' : 'feed';
  },
};
