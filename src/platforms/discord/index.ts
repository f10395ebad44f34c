/** The Discord module: a channel's incoming webhook, connected by OAuth (`webhook.incoming`), no bot. */
import type { PlatformModule } from '../module.ts';
import { discordAuth } from './auth.ts';
import { deleteFromDiscord } from './delete.ts';
import { discordEditor } from './edit.ts';
import { discordMediaRules } from './media-rules.ts';
import { DiscordOptions } from './options.ts';
import { publishToDiscord, reconcileDiscord } from './publish.ts';
import { measureDiscord, validateDiscord } from './validate.ts';

export const discordModule = {
  name: 'discord',
  displayName: 'Discord',
  hosts: { authorize: 'https://discord.com', token: 'https://discord.com', api: 'https://discord.com' },
  options: DiscordOptions,
  mediaRules: discordMediaRules,
  validate: validateDiscord,
  measureText: measureDiscord,
  auth: discordAuth,
  publisher: { publish: publishToDiscord, reconcile: reconcileDiscord, delete: deleteFromDiscord },
  editor: discordEditor,
  // A webhook reads only the messages it sent, one by id, and Discord counts nothing for it.
  analytics: {
    unsupported: 'Discord gives a webhook no views, reactions or other counts of its messages',
    historyGaps:
      'Discord gives a webhook nothing about its channel or its messages (no members, views or reactions), so a Discord channel has no analytics history.',
  },
} satisfies PlatformModule;
