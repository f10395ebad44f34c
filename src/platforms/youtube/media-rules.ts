/**
 * YouTube's media rules, from "Supported YouTube file formats"
 * (https://support.google.com/youtube/answer/4603579) and "Upload videos longer
 * than 15 minutes" (https://support.google.com/youtube/answer/71673): MOV, MP4,
 * AVI, WMV, FLV, 3GPP, WebM and MPEG-PS, at most 256 GB and 12 hours. YouTube
 * transcodes whatever it takes, so codecs and sizes are not limited.
 */
import { MEGABYTE, type PlatformMediaRules } from '../../media/rules.ts';

// Both spellings of MKV, AVI and WMV: the one servers send and the one file sniffing (file-type) gives.
export const youtubeMediaRules: PlatformMediaRules = {
  formats: {
    video: {
      title: 'YouTube videos',
      doc: 'https://support.google.com/youtube/answer/4603579',
      video: {
        containers: [
          'video/mp4',
          'video/quicktime',
          'video/webm',
          'video/x-msvideo',
          'video/vnd.avi',
          'video/x-ms-wmv',
          'video/x-ms-asf',
          'video/x-flv',
          'video/3gpp',
          'video/mpeg',
          'video/x-matroska',
          'video/matroska',
        ],
        durationSec: { max: 12 * 3600 },
        maxBytes: 256_000 * MEGABYTE,
      },
    },
  },
  formatOf: ({ kind }) => (kind === 'video' ? 'video' : null),
};
