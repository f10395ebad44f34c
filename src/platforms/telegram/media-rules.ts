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
} as const;

/**
 * The same limits in the rule shape every platform states (src/media/rules.ts),
 * so the create-time checker judges Telegram targets like the others. Documents
 * are sent as files of any type, so only their size is Telegram's concern (checked
 * by validate.ts); they have no format here.
 */
export const telegramMediaRules: PlatformMediaRules = {
  formats: {
    photo: {
      title: 'Telegram photos',
      doc: 'https://core.telegram.org/bots/api#sendphoto',
      image: {
        formats: ['image/jpeg', 'image/png', 'image/webp'],
        maxBytes: TELEGRAM_MEDIA_RULES.photoMaxBytes,
      },
      gif: { formats: ['image/gif'], maxBytes: TELEGRAM_MEDIA_RULES.fileMaxBytes },
    },
    video: {
      title: 'Telegram videos',
      doc: 'https://core.telegram.org/bots/api#sendvideo',
      video: { containers: ['video/mp4', 'video/quicktime'], maxBytes: TELEGRAM_MEDIA_RULES.fileMaxBytes },
    },
  },
  formatOf: ({ kind }) => (kind === 'video' ? 'video' : kind === 'document' ? null : 'photo'),
};
