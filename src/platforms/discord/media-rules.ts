/**
 * What a Discord webhook message takes, as data
 * (https://discord.com/developers/docs/resources/webhook#execute-webhook,
 * https://discord.com/developers/docs/resources/message#embed-object-embed-limits,
 * https://discord.com/developers/docs/reference#uploading-files): the numbers
 * validate.ts, the publisher and the simulator's checks read.
 */
import type { PlatformMediaRules } from '../../media/rules.ts';

export const DISCORD_MEDIA_RULES = {
  contentMax: 2000,
  embedsMax: 10,
  /** Title, description, field names and values, footer text and author name of all embeds together. */
  embedsTotalMax: 6000,
  embedTitleMax: 256,
  embedDescriptionMax: 4096,
  embedFieldsMax: 25,
  embedFieldNameMax: 256,
  embedFieldValueMax: 1024,
  embedFooterMax: 2048,
  embedAuthorMax: 256,
  attachmentsMax: 10,
  /** Uploads without a boosted server: 10 MiB per message (the files together). */
  uploadMaxBytes: 10 * 1024 * 1024,
  threadNameMax: 100,
  usernameMax: 80,
} as const;

/** Every image and video type the service sends as media: Discord itself takes files of any type. */
const IMAGES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/tiff',
  'image/heic',
  'image/heif',
  'image/avif',
];
const VIDEOS = [
  'video/mp4',
  'video/quicktime',
  'video/webm',
  // Both spellings of MKV and AVI: the one servers send and the one file sniffing (file-type) gives.
  'video/x-matroska',
  'video/matroska',
  'video/x-msvideo',
  'video/vnd.avi',
  'video/mpeg',
  'video/3gpp',
  'video/x-m4v',
  'video/ogg',
];
const DOC = 'https://discord.com/developers/docs/reference#uploading-files';

/**
 * In the rule shape every platform states (src/media/rules.ts): a webhook message takes
 * files of any type as attachments, each at most 10 MiB without a boosted server
 * ("Uploading Files", https://discord.com/developers/docs/reference#uploading-files:
 * a larger one is refused with 413 and code 40005), and states no limit on a file's
 * frame, codec or length. So nothing but a file's size is converted for Discord; the
 * message's total size is checked by validate.ts and the publisher.
 */
export const discordMediaRules: PlatformMediaRules = {
  formats: {
    attachment: {
      title: 'Discord attachments',
      doc: DOC,
      image: { formats: IMAGES, maxBytes: DISCORD_MEDIA_RULES.uploadMaxBytes },
      gif: { formats: ['image/gif'], maxBytes: DISCORD_MEDIA_RULES.uploadMaxBytes },
      video: { containers: VIDEOS, maxBytes: DISCORD_MEDIA_RULES.uploadMaxBytes },
    },
  },
  formatOf: ({ kind }) => (kind === 'document' ? null : 'attachment'),
};
