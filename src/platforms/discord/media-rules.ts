/**
 * What a Discord webhook message takes, as data
 * (https://discord.com/developers/docs/resources/webhook#execute-webhook,
 * https://discord.com/developers/docs/resources/message#embed-object-embed-limits,
 * https://discord.com/developers/docs/reference#uploading-files): the numbers
 * validate.ts, the publisher and the simulator's checks read.
 */
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
