/**
 * Publishing to a Telegram chat: one send call, so one step. Media are staged and
 * sent in the same multipart call (sendPhoto, sendVideo, sendAnimation,
 * sendDocument, or sendMediaGroup for an album, each file as `attach://fileN`);
 * text alone is sendMessage. `beginCreate` is recorded right before the send, and
 * the sent message ids right after. Telegram takes no idempotency key and gives a
 * bot no way to read a chat's history, so a send whose answer was lost can not be
 * told from one that never arrived: reconcile answers `unknown` and the engine fails
 * the target asking to check the chat, never sending twice.
 */
import type { StagedMedia } from '../../media/stage.ts';
import type { AccountCredentials, PublishContext, Published, ReconcileResult } from '../contract.ts';
import { PlatformError } from '../contract.ts';
import { disposeAll, stageAll } from '../shared/media.ts';
import { messageUrl } from './account.ts';
import { type Bot, botCall } from './api.ts';
import type { TelegramOptions } from './options.ts';

export interface TelegramCheckpoint {
  /** The sent messages (an album is several), in order; the first is the post's id. */
  messageIds?: number[];
}

export const botOf = (account: AccountCredentials, base: string, signal?: AbortSignal): Bot => ({
  base,
  token: account.accessToken,
  signal,
});

/** The fields every send method shares (chat, notification, protection). */
function common(ctx: PublishContext): Record<string, unknown> {
  const o = ctx.target.platformSpecificData as TelegramOptions;
  return {
    chat_id: ctx.account.platformUserId,
    ...(o.silent ? { disable_notification: true } : {}),
    ...(o.protectContent ? { protect_content: true } : {}),
  };
}

const parseMode = (ctx: PublishContext) => (ctx.target.platformSpecificData as TelegramOptions).parseMode;

const SINGLE: Record<string, { method: string; field: string }> = {
  image: { method: 'sendPhoto', field: 'photo' },
  video: { method: 'sendVideo', field: 'video' },
  gif: { method: 'sendAnimation', field: 'animation' },
  document: { method: 'sendDocument', field: 'document' },
};
const ALBUM_TYPE: Record<string, string> = { image: 'photo', video: 'video', document: 'document' };

function form(fields: Record<string, unknown>): FormData {
  const out = new FormData();
  for (const [k, v] of Object.entries(fields))
    if (v !== undefined) out.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  return out;
}

async function send(ctx: PublishContext, staged: StagedMedia[]): Promise<number[]> {
  const bot = botOf(ctx.account, ctx.baseUrl, ctx.signal);
  const text = ctx.target.content;
  const mode = parseMode(ctx);
  const items = ctx.target.mediaItems;
  if (items.length === 0) {
    const o = ctx.target.platformSpecificData as TelegramOptions;
    const json = {
      ...common(ctx),
      text,
      ...(mode ? { parse_mode: mode } : {}),
      ...(o.disableLinkPreview ? { link_preview_options: { is_disabled: true } } : {}),
    };
    await ctx.beginCreate();
    const sent = await botCall(bot, 'sendMessage', {
      json,
      createCall: true,
      what: 'Telegram: send the message',
    });
    return [messageIdOf(sent)];
  }
  const captioned = {
    ...(text !== '' ? { caption: text } : {}),
    ...(mode && text !== '' ? { parse_mode: mode } : {}),
  };
  if (items.length === 1) {
    const kind = SINGLE[items[0]!.type]!;
    const body = form({ ...common(ctx), ...captioned });
    body.append(kind.field, await staged[0]!.blob(), staged[0]!.filename);
    await ctx.beginCreate();
    const sent = await botCall(bot, kind.method, {
      body,
      createCall: true,
      what: `Telegram: ${kind.method}`,
    });
    return [messageIdOf(sent)];
  }
  const media = items.map((m, i) => ({
    type: ALBUM_TYPE[m.type] ?? 'document',
    media: `attach://file${i}`,
    ...(i === 0 ? captioned : {}),
  }));
  const body = form({ ...common(ctx), media });
  for (const [i, s] of staged.entries()) body.append(`file${i}`, await s.blob(), s.filename);
  await ctx.beginCreate();
  const sent = await botCall(bot, 'sendMediaGroup', {
    body,
    createCall: true,
    what: 'Telegram: send the album',
  });
  if (!Array.isArray(sent) || sent.length === 0)
    throw new PlatformError('unknown_outcome', 'Telegram: sendMediaGroup answered without messages');
  return sent.map(messageIdOf);
}

function messageIdOf(message: unknown): number {
  const id = (message as { message_id?: unknown } | null)?.message_id;
  if (typeof id !== 'number')
    throw new PlatformError('unknown_outcome', 'Telegram answered without a message_id');
  return id;
}

const published = (ctx: Pick<PublishContext, 'account'>, ids: number[]): Published => ({
  state: 'published',
  platformPostId: String(ids[0]),
  platformPostUrl: messageUrl(ctx.account, ids[0]!),
});

export async function publishToTelegram(ctx: PublishContext): Promise<Published> {
  const done = (ctx.checkpoint as TelegramCheckpoint).messageIds;
  if (done?.length) return published(ctx, done);
  const staged = await stageAll(ctx.media, ctx.target.mediaItems, ctx.signal);
  try {
    const ids = await send(ctx, staged);
    await ctx.saveCheckpoint({ messageIds: ids });
    return published(ctx, ids);
  } finally {
    await disposeAll(staged);
  }
}

/** The reason a lost send stays unknown: the Bot API has no read of a chat's messages. */
export const BLIND_RECONCILE =
  "Telegram gives a bot no way to read the chat's messages, so whether the message went out can not be told";

export async function reconcileTelegram(ctx: PublishContext): Promise<ReconcileResult> {
  const done = (ctx.checkpoint as TelegramCheckpoint).messageIds;
  if (done?.length) return published(ctx, done);
  return { state: 'unknown', reason: BLIND_RECONCILE };
}
