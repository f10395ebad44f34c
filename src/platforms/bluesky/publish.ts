/**
 * Publishing to Bluesky as resumable steps, per unit (the post, then each thread
 * item as a reply): choose the record key and createdAt and checkpoint them; build
 * and checkpoint the embed (blobs uploaded once); then `beginCreate({rkey})` and
 * `com.atproto.repo.createRecord` with that rkey, and checkpoint `{uri, cid}`
 * (the next reply needs both). Reconcile finds a lost create with getRecord.
 */
import { type MediaItem, PlatformError, type PublishContext, type Published } from '../contract.ts';
import { str } from '../shared/http.ts';
import { POST_COLLECTION, pdsUrl, postUrl } from './account.ts';
import { imagesEmbed, linkCardEmbed, videoEmbed } from './media.ts';
import { facetsOf, firstLink } from './richtext.ts';
import { newTid } from './tid.ts';
import type { XrpcTarget } from './xrpc.ts';
import { xrpc } from './xrpc.ts';

export interface BlueskyOptions {
  langs?: string[];
  altText?: string[];
  /** Further posts chained as replies (same shape as X's threadItems). */
  threadItems?: { content: string; mediaItems?: MediaItem[] }[];
}

export interface UnitCheckpoint {
  rkey?: string;
  createdAt?: string;
  /** The embed built for this unit (null: none), kept so a retry sends identical bytes. */
  embed?: Record<string, unknown> | null;
  uri?: string;
  cid?: string;
}

export interface BlueskyCheckpoint {
  units?: Record<string, UnitCheckpoint>;
}

export const blueskyOptions = (d: Record<string, unknown>) => d as BlueskyOptions;

export function unitsOf(ctx: Pick<PublishContext, 'target'>) {
  const thread = blueskyOptions(ctx.target.platformSpecificData).threadItems ?? [];
  return [
    { content: ctx.target.content, mediaItems: ctx.target.mediaItems },
    ...thread.map((t) => ({ content: t.content, mediaItems: t.mediaItems ?? [] })),
  ];
}

export const xrpcTarget = (ctx: PublishContext): XrpcTarget => ({
  service: pdsUrl(ctx.account, ctx.baseUrl),
  account: ctx.account,
  signal: ctx.signal,
});

export async function publishToBluesky(ctx: PublishContext): Promise<Published> {
  const t = xrpcTarget(ctx);
  const opts = blueskyOptions(ctx.target.platformSpecificData);
  const units = unitsOf(ctx);
  const saved: Record<string, UnitCheckpoint> = { ...(ctx.checkpoint as BlueskyCheckpoint).units };
  const save = async (i: number, patch: UnitCheckpoint) => {
    saved[i] = { ...saved[i], ...patch };
    await ctx.saveCheckpoint({ units: { ...saved } });
  };
  for (const [i, unit] of units.entries()) {
    if (saved[i]?.uri) continue;
    if (!saved[i]?.rkey)
      await save(i, { rkey: newTid(ctx.now().getTime()), createdAt: ctx.now().toISOString() });
    const facets = await facetsOf(t, unit.content);
    if (saved[i]?.embed === undefined) {
      const prefix = i === 0 ? 'media item ' : `thread item ${i}, media item `;
      await save(i, {
        embed:
          (await buildEmbed(
            ctx,
            t,
            unit.mediaItems,
            i === 0 ? (opts.altText ?? []) : [],
            prefix,
            firstLink(facets),
          )) ?? null,
      });
    }
    const cp = saved[i] as Required<Pick<UnitCheckpoint, 'rkey' | 'createdAt'>> & UnitCheckpoint;
    const record: Record<string, unknown> = {
      $type: POST_COLLECTION,
      text: unit.content,
      createdAt: cp.createdAt,
      langs: opts.langs ?? ['en'],
    };
    if (facets.length) record.facets = facets;
    if (cp.embed) record.embed = cp.embed;
    const root = saved[0];
    const parent = saved[i - 1];
    if (i > 0 && root?.uri && parent?.uri)
      record.reply = { root: { uri: root.uri, cid: root.cid }, parent: { uri: parent.uri, cid: parent.cid } };
    await ctx.beginCreate({ rkey: cp.rkey, unit: i });
    const res = await xrpc(t, 'com.atproto.repo.createRecord', {
      json: { repo: ctx.account.platformUserId, collection: POST_COLLECTION, rkey: cp.rkey, record },
      createCall: true,
      what: i === 0 ? 'Bluesky: create post' : `Bluesky: create thread item ${i}`,
    });
    const uri = str(res.json, 'uri');
    const cid = str(res.json, 'cid');
    if (!uri || !cid)
      throw new PlatformError('unknown_outcome', 'Bluesky: createRecord answered without uri and cid');
    await save(i, { uri, cid });
  }
  const root = saved[0];
  if (!root?.uri || !root.rkey) throw new PlatformError('permanent', 'Bluesky: the post has no root record');
  return { state: 'published', platformPostId: root.uri, platformPostUrl: postUrl(ctx.account, root.rkey) };
}

async function buildEmbed(
  ctx: PublishContext,
  t: XrpcTarget,
  media: MediaItem[],
  alts: string[],
  prefix: string,
  link: string | undefined,
) {
  const video = media.find((m) => m.type === 'video');
  if (video) return videoEmbed(ctx, t, video, alts[0], `${prefix}1`);
  if (media.length) return imagesEmbed(ctx, t, media, alts, prefix);
  return link ? linkCardEmbed(ctx, t, link) : undefined;
}
