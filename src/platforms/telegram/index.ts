/** The Telegram module: a bot posting to a channel or group (Bot API), connected with its token. */
import type { PlatformModule } from '../module.ts';
import { telegramAuth } from './auth.ts';
import { deleteFromTelegram } from './delete.ts';
import { telegramEditor } from './edit.ts';
import { telegramMediaRules } from './media-rules.ts';
import { TelegramOptions } from './options.ts';
import { publishToTelegram, reconcileTelegram } from './publish.ts';
import { measureTelegram, validateTelegram } from './validate.ts';

export const telegramModule = {
  name: 'telegram',
  displayName: 'Telegram',
  hosts: { authorize: 'https://api.telegram.org', api: 'https://api.telegram.org' },
  options: TelegramOptions,
  validate: validateTelegram,
  measureText: measureTelegram,
  auth: telegramAuth,
  publisher: { publish: publishToTelegram, reconcile: reconcileTelegram, delete: deleteFromTelegram },
  editor: telegramEditor,
  mediaRules: telegramMediaRules,
} satisfies PlatformModule;
