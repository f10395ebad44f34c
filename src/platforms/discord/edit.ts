/**
 * Editing a sent Discord message in place through its webhook (Edit Webhook Message:
 * `PATCH /webhooks/{id}/{token}/messages/{message}`, `thread_id` for a forum post):
 * the text and the embeds, set to values, so sending the same edit twice is harmless.
 * The files stay as they were.
 */
import type { PlatformEditor } from '../edit-types.ts';
import { webhookCall } from './api.ts';
import type { DiscordOptions } from './options.ts';
import { callOf, type DiscordCheckpoint, messageFields } from './publish.ts';

export const discordEditor = {
  options: ['embeds', 'suppressEmbeds'],
  idempotent: true,
  async edit(ctx) {
    const o = ctx.target.platformSpecificData as DiscordOptions;
    const thread = (ctx.checkpoint as DiscordCheckpoint).threadId;
    const fields = messageFields(ctx.target.content, o);
    await webhookCall(callOf(ctx), {
      method: 'PATCH',
      path: `/messages/${encodeURIComponent(ctx.platformPostId)}`,
      ...(thread ? { query: { thread_id: thread } } : {}),
      // Both set, so an edit that empties one clears it on Discord too.
      json: { content: fields.content ?? '', embeds: fields.embeds ?? [], flags: fields.flags ?? 0 },
      what: 'Discord: edit the message',
    });
    return {};
  },
} satisfies PlatformEditor;
