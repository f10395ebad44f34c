/**
 * Deletes a Discord message through its webhook (`DELETE .../messages/{message}`,
 * `thread_id` for a forum post). A message already gone (10008 Unknown Message)
 * counts as deleted. Deleting a forum post's first message leaves its thread, which
 * only a moderator of the server can remove.
 */
import type { DeleteContext } from '../contract.ts';
import { PlatformError } from '../contract.ts';
import { webhookCall } from './api.ts';
import { UNKNOWN_MESSAGE } from './errors.ts';
import { callOf, type DiscordCheckpoint } from './publish.ts';

export async function deleteFromDiscord(ctx: DeleteContext): Promise<void> {
  const thread = (ctx.checkpoint as DiscordCheckpoint).threadId;
  try {
    await webhookCall(callOf(ctx), {
      method: 'DELETE',
      path: `/messages/${encodeURIComponent(ctx.platformPostId)}`,
      ...(thread ? { query: { thread_id: thread } } : {}),
      what: 'Discord: delete the message',
    });
  } catch (err) {
    if (err instanceof PlatformError && err.platformCode === String(UNKNOWN_MESSAGE)) return;
    throw err;
  }
}
