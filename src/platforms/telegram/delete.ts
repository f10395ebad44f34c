/**
 * Deletes a Telegram post: `deleteMessages` with every message of it (an album is
 * several), recorded in the checkpoint. Telegram skips messages already gone, so a
 * second delete succeeds. A bot may delete its own messages only within 48 hours of
 * sending (channels: with the right to post); Telegram's refusal is said as it is.
 */
import type { DeleteContext } from '../contract.ts';
import { botCall } from './api.ts';
import { botOf, type TelegramCheckpoint } from './publish.ts';

export async function deleteFromTelegram(ctx: DeleteContext): Promise<void> {
  const recorded = (ctx.checkpoint as TelegramCheckpoint).messageIds;
  const ids = recorded?.length ? recorded : [Number(ctx.platformPostId)];
  await botCall(botOf(ctx.account, ctx.baseUrl, ctx.signal), 'deleteMessages', {
    json: { chat_id: ctx.account.platformUserId, message_ids: ids },
    what: 'Telegram: delete the message',
  });
}
