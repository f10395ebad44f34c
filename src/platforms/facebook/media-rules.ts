/**
 * Facebook Pages' media rules:
 * - photos (Page Photos reference,
 *   https://developers.facebook.com/docs/graph-api/reference/page/photos) in JPEG,
 *   PNG, BMP, GIF or TIFF, at most 4 MB (the reference says 10 MB, but uploads over
 *   4 MB are refused with subcode 1366046, so the observed limit is the rule);
 * - videos on the Page (Uploading Videos with the Graph API,
 *   https://developers.facebook.com/docs/graph-api/video-uploads): the formats that
 *   page lists (3GP, ASF/WMV, AVI, FLV, M2TS/TS, M4V, MKV, MOV, MP4, MPEG, OGV…; WebM
 *   is not among them), an aspect ratio between 9:16 and 16:9, up to 10 GB and 4 hours
 *   (the page's resumable limits; the publishing guide,
 *   https://developers.facebook.com/docs/video-api/guides/publishing, says the same);
 * - Reels (Reels Publishing API,
 *   https://developers.facebook.com/docs/video-api/guides/reels-publishing) and video
 *   Stories (Page Stories, https://developers.facebook.com/docs/page-stories-api) as
 *   vertical MP4: 9:16, at least 540×960, 24 to 60 frames a second, H.264, H.265,
 *   VP9 or AV1 with AAC audio, 3 to 90 s for a Reel and up to 60 s for a Story (the
 *   Stories page states no video spec of its own: the Reel's, as shared as a Story,
 *   is assumed); photo Stories take the Page's photo rules (the photo is uploaded
 *   as an unpublished Page photo first).
 * Both spellings of a type are listed where they differ: the one servers send and
 * the one the simulator's sniffing (file-type) gives.
 */
import { MEGABYTE, type PlatformMediaRules } from '../../media/rules.ts';

const photo = {
  formats: ['image/jpeg', 'image/png', 'image/bmp', 'image/gif', 'image/tiff'],
  maxBytes: 4 * MEGABYTE,
};

/** The formats of "Uploading Videos with the Graph API", as MIME types. */
const PAGE_VIDEO_CONTAINERS = [
  'video/mp4',
  'video/quicktime',
  'video/x-m4v',
  'video/x-matroska',
  'video/matroska',
  'video/x-msvideo',
  'video/vnd.avi',
  'video/3gpp',
  'video/3gpp2',
  'video/x-flv',
  'video/mpeg',
  'video/mp2t',
  'video/x-ms-asf',
  'video/x-ms-wmv',
  'video/ogg',
];

/** A Reel's or a video Story's frame: vertical MP4 (H.264 or the newer codecs Meta lists). */
const vertical = {
  containers: ['video/mp4'],
  videoCodecs: ['h264', 'hevc', 'vp9', 'av1'],
  audioCodecs: ['aac'],
  aspect: { min: 9 / 16 - 0.01, max: 9 / 16 + 0.01 },
  width: { min: 540 },
  height: { min: 960 },
  fps: { min: 24, max: 60 },
  maxBytes: 1000 * MEGABYTE,
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
      doc: 'https://developers.facebook.com/docs/graph-api/video-uploads',
      video: {
        containers: PAGE_VIDEO_CONTAINERS,
        aspect: { min: 9 / 16, max: 16 / 9 },
        durationSec: { min: 1, max: 4 * 3600 },
        maxBytes: 10_000 * MEGABYTE,
      },
    },
    reel: {
      title: 'Facebook Reels',
      doc: 'https://developers.facebook.com/docs/video-api/guides/reels-publishing',
      video: { ...vertical, durationSec: { min: 3, max: 90 } },
    },
    story: {
      title: 'Facebook Stories',
      doc: 'https://developers.facebook.com/docs/page-stories-api',
      image: photo,
      video: { ...vertical, durationSec: { min: 3, max: 60 } },
    },
  },
  formatOf: ({ kind, options }) => {
    if (kind === 'document') return null;
    if (options.contentType === 'reel') return kind === 'video' ? 'reel' : null;
    if (options.contentType === 'story') return kind === 'gif' ? null : 'story';
    return kind === 'video' ? 'video' : 'photo';
  },
};
