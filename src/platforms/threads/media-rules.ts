/**
 * Threads' media rules, from the Threads API media specifications
 * (https://developers.facebook.com/docs/threads/overview#media-specifications):
 * images JPEG or PNG, at most 8 MB, no wider than 10:1; videos MP4/MOV in H.264 or
 * HEVC with AAC, 23–60 fps, at most 1920 px wide, 0.01:1 to 10:1, at most 5 minutes
 * and 1 GB, 25 Mbps (the stricter of the two published copies).
 */
import { MEGABYTE, type PlatformMediaRules } from '../../media/rules.ts';

const DOC = 'https://developers.facebook.com/docs/threads/overview#media-specifications';
const image = { formats: ['image/jpeg', 'image/png'], maxBytes: 8 * MEGABYTE, aspect: { min: 0.1, max: 10 } };
const video = {
  containers: ['video/mp4', 'video/quicktime'],
  videoCodecs: ['h264', 'hevc'],
  audioCodecs: ['aac'],
  durationSec: { max: 300 },
  maxBytes: 1000 * MEGABYTE,
  width: { max: 1920 },
  aspect: { min: 0.01, max: 10 },
  fps: { min: 23, max: 60 },
  maxBitrate: 25 * MEGABYTE,
};

export const threadsMediaRules: PlatformMediaRules = {
  formats: { post: { title: 'Threads posts', doc: DOC, image, video } },
  formatOf: ({ kind }) => (kind === 'image' || kind === 'video' ? 'post' : null),
};
