/**
 * What Telegram's Bot API takes, as data (https://core.telegram.org/bots/api#sending-files,
 * #sendmediagroup): the numbers validate.ts and the publisher read. Kept apart so the
 * shape can follow the other platforms' media rules.
 */
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
