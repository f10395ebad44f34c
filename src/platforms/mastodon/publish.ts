/**
 * Publishing a Mastodon status (and a thread of replies) as resumable steps. The
 * root status and each thread item are "units"; each unit's media are uploaded and
 * their ids checkpointed, the engine waits (pending) while the instance processes
 * them, then the status is created with an `Idempotency-Key` chosen and
 * checkpointed before the call (`beginCreate`). Mastodon answers a repeated key
 * within an hour with the same status, so a create whose answer was lost never makes
 * a second one; reconcile still looks first (reconcile.ts) as every module does.
 * The instance's limits are checked before anything is uploaded.
 */
import { randomUUID } from 'node:crypto';
import { type MediaItem, PlatformError, type PublishContext, type PublishResult } from '../contract.ts';
import { disposeAll, stageAll } from '../shared/media.ts';
import { instanceOf, statusUrl } from './account.ts';
import { type InstanceTarget, idOf, instanceCall, objectAnswer } from './api.ts';
import { assertWithinLimits, instanceLimits } from './limits.ts';
import { mediaReady, uploadMedia } from './media.ts';
import type { MastodonOptions } from './options.ts';
import { checkMastodonLimits } from './validate.ts';

export interface MastodonUnit {
  content: string;
  mediaItems: MediaItem[];
}

export interface MastodonCheckpoint {
  /** Per unit index: the uploaded media ids, in order. */
  media?: Record<string, string[]>;
  /** Media ids the instance has finished processing. */
  ready?: string[];
  /** Per unit index: the Idempotency-Key of its create, chosen before the call. */
  keys?: Record<string, string>;
  /** Per unit index: the created status id. */
  statuses?: Record<string, string>;
  /** Per unit index: the status URL Mastodon answered. */
  urls?: Record<string, string>;
  /** The unit whose create is in flight. */
  inFlight?: number;
}

const PROCESSING_WAIT_MS = 3000;

export const optionsOf = (ctx: Pick<PublishContext, 'target'>) =>
  ctx.target.platformSpecificData as MastodonOptions;

export function unitsOf(ctx: Pick<PublishContext, 'target'>): MastodonUnit[] {
  const thread = optionsOf(ctx).threadItems ?? [];
  return [
    { content: ctx.target.content, mediaItems: ctx.target.mediaItems },
    ...thread.map((t) => ({ content: t.content, mediaItems: t.mediaItems ?? [] })),
  ];
}

export const targetOf = (ctx: PublishContext): InstanceTarget => ({
  instance: instanceOf(ctx.account, ctx.baseUrl),
  token: ctx.account.accessToken,
  outside: ctx.platformUrls,
  signal: ctx.signal,
  now: () => ctx.now().getTime(),
});

/** The POST /api/v1/statuses body of one unit (the options apply to every unit; the poll to the root). */
export function statusBody(
  o: MastodonOptions,
  unit: MastodonUnit,
  index: number,
  replyTo: string | undefined,
  mediaIds: string[],
) {
  const body: Record<string, unknown> = { status: unit.content };
  if (mediaIds.length) body.media_ids = mediaIds;
  if (replyTo) body.in_reply_to_id = replyTo;
  if (o.visibility) body.visibility = o.visibility;
  if (o.spoilerText) body.spoiler_text = o.spoilerText;
  if (o.sensitive !== undefined) body.sensitive = o.sensitive;
  if (o.language) body.language = o.language;
  if (index === 0 && o.poll)
    body.poll = {
      options: o.poll.options,
      expires_in: o.poll.expiresInSeconds,
      ...(o.poll.multiple !== undefined ? { multiple: o.poll.multiple } : {}),
      ...(o.poll.hideTotals !== undefined ? { hide_totals: o.poll.hideTotals } : {}),
    };
  return body;
}

export async function publishToMastodon(ctx: PublishContext): Promise<PublishResult> {
  const t = targetOf(ctx);
  const o = optionsOf(ctx);
  const units = unitsOf(ctx);
  const cp = ctx.checkpoint as MastodonCheckpoint;
  const media = { ...cp.media };
  const ready = new Set(cp.ready ?? []);
  const keys = { ...cp.keys };
  const statuses = { ...cp.statuses };
  const urls = { ...cp.urls };
  const limits = await instanceLimits(t, ctx.now().getTime());
  assertWithinLimits(
    checkMastodonLimits(
      limits,
      { ...ctx.target, accountId: '' },
      { content: ctx.target.content, mediaItems: ctx.target.mediaItems },
    ),
  );
  for (const [index, unit] of units.entries()) {
    if (statuses[index]) continue;
    const key = String(index);
    if (!media[key]) {
      media[key] = await uploadUnit(ctx, t, unit, index, index === 0 ? o.altText : undefined, limits, ready);
      if (media[key].length > 0) await ctx.saveCheckpoint({ media: { ...media }, ready: [...ready] });
    }
    for (const id of media[key]) {
      if (ready.has(id)) continue;
      if (!(await mediaReady(t, id)))
        return {
          state: 'pending',
          retryInMs: PROCESSING_WAIT_MS,
          reason: 'Mastodon is processing the media',
        };
      ready.add(id);
      await ctx.saveCheckpoint({ ready: [...ready] });
    }
    keys[key] ??= randomUUID();
    await ctx.beginCreate({ keys: { ...keys }, inFlight: index });
    const res = await instanceCall(t, '/api/v1/statuses', {
      method: 'POST',
      json: statusBody(o, unit, index, statuses[index - 1], media[key]),
      headers: { 'idempotency-key': keys[key] },
      createCall: true,
      what: index === 0 ? 'Mastodon: create the status' : `Mastodon: create thread item ${index}`,
    });
    const status = objectAnswer(res.json, 'Mastodon: create the status', true);
    statuses[index] = idOf(status.id, 'Mastodon: create the status', true);
    if (typeof status.url === 'string') urls[index] = status.url.slice(0, 2000);
    await ctx.saveCheckpoint({ statuses: { ...statuses }, urls: { ...urls } });
  }
  return publishedOf(ctx, t.instance, statuses, urls);
}

export function publishedOf(
  ctx: Pick<PublishContext, 'account'>,
  instance: string,
  statuses: Record<string, string>,
  urls: Record<string, string>,
) {
  const root = statuses[0];
  if (!root) throw new PlatformError('permanent', 'Mastodon: the post has no first status');
  return {
    state: 'published' as const,
    platformPostId: root,
    platformPostUrl: statusUrl(ctx.account, instance, root, urls[0]),
  };
}

async function uploadUnit(
  ctx: PublishContext,
  t: InstanceTarget,
  unit: MastodonUnit,
  index: number,
  alt: readonly string[] | undefined,
  limits: Awaited<ReturnType<typeof instanceLimits>>,
  ready: Set<string>,
): Promise<string[]> {
  if (!unit.mediaItems.length) return [];
  const prefix = index === 0 ? 'media item' : `thread item ${index}, media item`;
  const staged = await stageAll(ctx.media, unit.mediaItems, ctx.signal, (i) => `${prefix} ${i + 1}`);
  try {
    const ids: string[] = [];
    for (const [i, s] of staged.entries()) {
      const up = await uploadMedia(t, s, alt?.[i], limits);
      if (up.ready) ready.add(up.id);
      ids.push(up.id);
    }
    return ids;
  } finally {
    await disposeAll(staged);
  }
}
