/**
 * TikTok's media rules, from the Content Posting API media transfer guide
 * (https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide):
 * videos MP4, WebM or MOV in H.264, H.265, VP8 or VP9, 23–60 fps, 360 to 4096 px
 * on each side, at least 3 s (the most is the creator's own limit, checked with
 * creator info at publish; 10 minutes here), at most 4 GB. Photo posts
 * (https://developers.tiktok.com/doc/content-posting-api-reference-photo-post):
 * JPEG or WebP (no PNG), at most 20 MB, at most 1080p (1920 px on the longest side).
 */
import { MEGABYTE, type PlatformMediaRules } from '../../media/rules.ts';

export const tiktokMediaRules: PlatformMediaRules = {
  formats: {
    video: {
      title: 'TikTok videos',
      doc: 'https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide',
      video: {
        containers: ['video/mp4', 'video/webm', 'video/quicktime'],
        videoCodecs: ['h264', 'hevc', 'vp8', 'vp9'],
        durationSec: { min: 3, max: 600 },
        maxBytes: 4000 * MEGABYTE,
        width: { min: 360, max: 4096 },
        height: { min: 360, max: 4096 },
        fps: { min: 23, max: 60 },
      },
    },
    photo: {
      title: 'TikTok photo posts',
      doc: 'https://developers.tiktok.com/doc/content-posting-api-reference-photo-post',
      image: { formats: ['image/jpeg', 'image/webp'], maxBytes: 20 * MEGABYTE, maxSide: 1920 },
    },
  },
  formatOf: ({ kind }) => (kind === 'video' ? 'video' : kind === 'image' ? 'photo' : null),
};
