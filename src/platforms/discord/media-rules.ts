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

/**
 * In the rule shape every platform states (src/media/rules.ts): a webhook message takes
 * files of any type as attachments, so nothing is converted for Discord; only the
 * message's total size matters, which validate.ts and the publisher check. No format:
 * the create-time checker leaves Discord's attachments as they are.
 */
export const discordMediaRules: PlatformMediaRules = {
  formats: {},
  formatOf: () => null,
};
