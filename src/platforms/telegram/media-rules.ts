/**
 * What Telegram's Bot API takes, as data (https://core.telegram.org/bots/api#sending-files,
 * #sendmediagroup): the numbers validate.ts and the publisher read. Kept apart so the
 * shape can follow the other platforms' media rules.
 */
import type { PlatformMediaRules } from '../../media/rules.ts';

export const TELEGRAM_MEDIA_RULES = {
  /** sendMessage text, after entity parsing. */
  textMax: 4096,
  /** Caption of a photo, video, animation or document (and of each album item). */
  captionMax: 1024,
  /** sendMediaGroup: 2 to 10 items; documents only with documents. */
  albumMin: 2,
  albumMax: 10,
  /** Uploads by multipart (what the publisher sends): photos 10 MB, every other file 50 MB. */
  photoMaxBytes: 10 * 1024 * 1024,
  fileMaxBytes: 50 * 1024 * 1024,
  /** sendPhoto: width + height at most 10000, and neither side more than 20 times the other. */
  photoMaxSideSum: 10_000,
  photoMaxRatio: 20,
} as const;

/**
 * The same limits in the rule shape every platform states (src/media/rules.ts),
 * so the create-time checker judges Telegram targets like the others. From the
 * Bot API page (https://core.telegram.org/bots/api#sendphoto): "The photo must be
 * at most 10 MB in size. The photo's width and height must not exceed 10000 in
 * total. Width and height ratio must be at most 20." (refused with
 * PHOTO_INVALID_DIMENSIONS); #sendvideo: "Telegram clients support MPEG4 videos
 * (other formats may be sent as Document)", up to 50 MB from a bot; #sendanimation:
 * GIF or H.264/MPEG-4 AVC video without sound. Telegram states no limit on a
 * video's codec, frame, rate or length. Documents are sent as files of any type,
 * so only their size is Telegram's concern (checked by validate.ts); they have no
 * format here.
 */
export const telegramMediaRules: PlatformMediaRules = {
  formats: {
    photo: {
      title: 'Telegram photos',
      doc: 'https://core.telegram.org/bots/api#sendphoto',
      image: {
        formats: ['image/jpeg', 'image/png', 'image/webp'],
        maxBytes: TELEGRAM_MEDIA_RULES.photoMaxBytes,
        maxSideSum: TELEGRAM_MEDIA_RULES.photoMaxSideSum,
        aspect: { min: 1 / TELEGRAM_MEDIA_RULES.photoMaxRatio, max: TELEGRAM_MEDIA_RULES.photoMaxRatio },
      },
      gif: { formats: ['image/gif'], maxBytes: TELEGRAM_MEDIA_RULES.fileMaxBytes },
    },
    video: {
      title: 'Telegram videos',
      doc: 'https://core.telegram.org/bots/api#sendvideo',
      // MPEG-4 (MP4, and QuickTime's MOV, the same ISO family): what clients play as a video.
      video: { containers: ['video/mp4', 'video/quicktime'], maxBytes: TELEGRAM_MEDIA_RULES.fileMaxBytes },
    },
  },
  formatOf: ({ kind }) => (kind === 'video' ? 'video' : kind === 'document' ? null : 'photo'),
};
