/**
 * Publishing to a Discord channel through its webhook: one call, Execute Webhook with
 * `?wait=true` so Discord answers the message (its id and channel) instead of 204.
 * Files go in the same call, multipart: `payload_json` and `files[n]`, each named in
 * `attachments`. In a forum channel `threadName` opens a new post (thread), whose id
 * Discord gives as the message's `channel_id`.
 *
 * Exactly-once: `beginCreate` right before the call, the message's id and channel in
 * the checkpoint right after. A webhook takes no idempotency key and can not list the
 * channel's messages (it reads one message only by its id, which only the lost answer
 * held), so a call whose answer was lost can not be told from one that never arrived:
 * reconcile answers `unknown` and the engine fails the target asking to check the
 * channel, never sending twice (the rule Telegram follows too).
 */
import type { StagedMedia } from '../../media/stage.ts';
import type { PublishContext, Published, ReconcileResult } from '../contract.ts';
import { PlatformError } from '../contract.ts';
import { disposeAll, stageAll } from '../shared/media.ts';
import { messageUrl, webhookOf } from './account.ts';
import { type WebhookCall, webhookCall } from './api.ts';
import { DISCORD_MEDIA_RULES as R } from './media-rules.ts';
import type { DiscordOptions } from './options.ts';

export interface DiscordCheckpoint {
  messageId?: string;
  /** The channel the message is in: the forum post's thread, else the webhook's channel. */
  channelId?: string;
  /** Set for a forum post: later calls on the message name the thread (`thread_id`). */
  threadId?: string;
}

const SUPPRESS_EMBEDS = 1 << 2;
const SUPPRESS_NOTIFICATIONS = 1 << 12;

export const callOf = (ctx: Pick<PublishContext, 'account' | 'baseUrl' | 'signal'>): WebhookCall => ({
  base: ctx.baseUrl,
  webhook: webhookOf(ctx.account),
  signal: ctx.signal,
});

/** The message fields of our options, as Execute Webhook and Edit Webhook Message name them. */
export function messageFields(content: string, o: DiscordOptions): Record<string, unknown> {
  const flags = (o.suppressEmbeds ? SUPPRESS_EMBEDS : 0) | (o.silent ? SUPPRESS_NOTIFICATIONS : 0);
  return {
    ...(content !== '' ? { content } : {}),
    ...(o.embeds?.length ? { embeds: o.embeds } : {}),
    ...(flags ? { flags } : {}),
  };
}

function payloadOf(ctx: PublishContext, staged: StagedMedia[]): Record<string, unknown> {
  const o = ctx.target.platformSpecificData as DiscordOptions;
  return {
    ...messageFields(ctx.target.content, o),
    ...(o.threadName ? { thread_name: o.threadName } : {}),
    ...(o.username ? { username: o.username } : {}),
    ...(o.avatarUrl ? { avatar_url: o.avatarUrl } : {}),
    ...(staged.length
      ? { attachments: staged.map((s, i) => ({ id: String(i), filename: s.filename })) }
      : {}),
  };
}

async function send(ctx: PublishContext, staged: StagedMedia[]): Promise<DiscordCheckpoint> {
  const total = staged.reduce((n, s) => n + s.size, 0);
  if (total > R.uploadMaxBytes)
    throw new PlatformError(
      'permanent',
      `Discord: the files are ${total} bytes together; a webhook message takes at most ${R.uploadMaxBytes} bytes (10 MiB)`,
    );
  const payload = payloadOf(ctx, staged);
  let body: FormData | undefined;
  if (staged.length) {
    body = new FormData();
    body.append('payload_json', JSON.stringify(payload));
    for (const [i, s] of staged.entries()) body.append(`files[${i}]`, await s.blob(), s.filename);
  }
  await ctx.beginCreate();
  const sent = (await webhookCall(callOf(ctx), {
    method: 'POST',
    query: { wait: 'true' },
    ...(body ? { body } : { json: payload }),
    createCall: true,
    what: 'Discord: send the message',
  })) as { id?: unknown; channel_id?: unknown } | undefined;
  if (typeof sent?.id !== 'string' || typeof sent.channel_id !== 'string')
    throw new PlatformError('unknown_outcome', 'Discord answered without the message id');
  const forum = (ctx.target.platformSpecificData as DiscordOptions).threadName !== undefined;
  return { messageId: sent.id, channelId: sent.channel_id, ...(forum ? { threadId: sent.channel_id } : {}) };
}

const published = (ctx: Pick<PublishContext, 'account'>, c: DiscordCheckpoint): Published => ({
  state: 'published',
  platformPostId: c.messageId!,
  platformPostUrl: messageUrl(ctx.account, c.channelId!, c.messageId!),
});

export async function publishToDiscord(ctx: PublishContext): Promise<Published> {
  const done = ctx.checkpoint as DiscordCheckpoint;
  if (done.messageId && done.channelId) return published(ctx, done);
  const staged = await stageAll(ctx.media, ctx.target.mediaItems, ctx.signal);
  try {
    const sent = await send(ctx, staged);
    await ctx.saveCheckpoint({ ...sent });
    return published(ctx, sent);
  } finally {
    await disposeAll(staged);
  }
}

/** Why a lost send stays unknown: a webhook reads a message only by the id its answer held. */
export const BLIND_RECONCILE =
  "a Discord webhook can not list the channel's messages (it reads one only by the id the lost answer held), so whether the message went out can not be told";

export async function reconcileDiscord(ctx: PublishContext): Promise<ReconcileResult> {
  const done = ctx.checkpoint as DiscordCheckpoint;
  if (done.messageId && done.channelId) return published(ctx, done);
  return { state: 'unknown', reason: BLIND_RECONCILE };
}
