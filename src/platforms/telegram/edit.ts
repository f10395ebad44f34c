/**
 * Editing a sent Telegram message in place: `editMessageText` for a text message,
 * `editMessageCaption` for media (the caption of an album is its first item's).
 * Both set the text to a value, so sending the same edit twice is harmless.
 * Telegram answers "message is not modified" for an edit that changes nothing: that
 * edit is done.
 */

import { PlatformError } from '../contract.ts';
import type { PlatformEditor } from '../edit-types.ts';
import { botCall } from './api.ts';
import type { TelegramOptions } from './options.ts';
import { botOf } from './publish.ts';

export const telegramEditor = {
  options: ['parseMode', 'disableLinkPreview'],
  idempotent: true,
  async edit(ctx) {
    const o = ctx.target.platformSpecificData as TelegramOptions;
    const media = ctx.target.mediaItems.length > 0;
    const json = {
      chat_id: ctx.account.platformUserId,
      message_id: Number(ctx.platformPostId),
      ...(media ? { caption: ctx.target.content } : { text: ctx.target.content }),
      ...(o.parseMode ? { parse_mode: o.parseMode } : {}),
      ...(!media && o.disableLinkPreview ? { link_preview_options: { is_disabled: true } } : {}),
    };
    try {
      await botCall(
        botOf(ctx.account, ctx.baseUrl, ctx.signal),
        media ? 'editMessageCaption' : 'editMessageText',
        {
          json,
          what: 'Telegram: edit the message',
        },
      );
    } catch (err) {
      if (err instanceof PlatformError && /message is not modified/i.test(err.message)) return {};
      throw err;
    }
    return {};
  },
} satisfies PlatformEditor;
