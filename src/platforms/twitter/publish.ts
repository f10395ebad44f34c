/**
 * Publishing to X as resumable steps. The root tweet and each thread item are
 * "units"; for each unit the media ids and then the tweet id are checkpointed, so
 * a resumed job skips what exists and continues with the first missing unit.
 * Each unit is a reply to the previous one (the root to `replyToTweetId`).
 */
import { type MediaItem, PlatformError, type PublishContext, type Published } from '../contract.ts';
import { pick, platformCall, str } from '../shared/http.ts';
import { disposeAll, stageAll } from '../shared/media.ts';
import { xWeightedLength } from '../shared/text.ts';
import { authHeader, tweetUrl } from './account.ts';
import { readXError } from './errors.ts';
import { uploadMedia } from './media.ts';

export interface XUnit {
  content: string;
  mediaItems: MediaItem[];
}

export interface XOptions {
  replyToTweetId?: string;
  communityId?: string;
  shareWithFollowers?: boolean;
  replySettings?: string;
  poll?: { options: string[]; durationMinutes: number };
  threadItems?: { content: string; mediaItems?: MediaItem[] }[];
  longPost?: boolean;
}

/** The checkpoint X publishing keeps: per unit index, media ids and tweet id. */
export interface XCheckpoint {
  media?: Record<string, string[]>;
  tweets?: Record<string, string>;
  inFlight?: { unit: number; at: string };
}

export const xOptions = (data: Record<string, unknown>) => data as XOptions;

export function unitsOf(ctx: Pick<PublishContext, 'target'>): XUnit[] {
  const { target } = ctx;
  const thread = xOptions(target.platformSpecificData).threadItems ?? [];
  return [
    { content: target.content, mediaItems: target.mediaItems },
    ...thread.map((t) => ({ content: t.content, mediaItems: t.mediaItems ?? [] })),
  ];
}

/** The POST /2/tweets body of one unit. */
export function tweetBody(
  opts: XOptions,
  unit: XUnit,
  index: number,
  replyTo: string | undefined,
  mediaIds: string[],
) {
  const body: Record<string, unknown> = { text: unit.content };
  if (replyTo) body.reply = { in_reply_to_tweet_id: replyTo };
  if (mediaIds.length) body.media = { media_ids: mediaIds };
  if (index === 0) {
    if (opts.communityId) {
      body.community_id = opts.communityId;
      if (opts.shareWithFollowers !== undefined) body.share_with_followers = opts.shareWithFollowers;
    }
    if (opts.replySettings) body.reply_settings = opts.replySettings;
    if (opts.poll) body.poll = { options: opts.poll.options, duration_minutes: opts.poll.durationMinutes };
  }
  return body;
}

export async function publishToX(ctx: PublishContext): Promise<Published> {
  const opts = xOptions(ctx.target.platformSpecificData);
  const units = unitsOf(ctx);
  const cp = ctx.checkpoint as XCheckpoint;
  const media: Record<string, string[]> = { ...cp.media };
  const tweets: Record<string, string> = { ...cp.tweets };
  for (const [index, unit] of units.entries()) {
    if (tweets[index]) continue;
    const key = String(index);
    if (!media[key]) {
      media[key] = await uploadUnitMedia(ctx, unit, index);
      // Uploaded ids are kept so a retry does not upload again; a unit without media has none.
      if (media[key].length > 0) await ctx.saveCheckpoint({ media: { ...media } });
    }
    const replyTo = index === 0 ? opts.replyToTweetId : tweets[index - 1];
    // Which unit is in flight (for the reconcile) is saved in the same write as the ledger's
    // "create in flight", before the call.
    await ctx.beginCreate({ inFlight: { unit: index, at: ctx.now().toISOString() } });
    const res = await platformCall({
      url: `${ctx.baseUrl}/2/tweets`,
      headers: authHeader(ctx.account),
      json: tweetBody(opts, unit, index, replyTo, media[key]),
      signal: ctx.signal,
      createCall: true,
      what: index === 0 ? 'X: create post' : `X: create thread item ${index}`,
      readError: (r) => longPostRefusal(readXError(r), opts, unit, index),
    });
    const id = str(pick(res.json, 'data'), 'id');
    if (!id) throw new PlatformError('unknown_outcome', 'X: create post answered without an id');
    tweets[index] = id;
    // A thread's items are kept for the next unit and for its delete; a one-tweet post's id
    // is the result itself, stored when the target settles.
    if (units.length > 1) await ctx.saveCheckpoint({ tweets: { ...tweets } });
  }
  const rootId = tweets[0];
  if (!rootId) throw new PlatformError('permanent', 'X: the post has no root tweet');
  return { state: 'published', platformPostId: rootId, platformPostUrl: tweetUrl(ctx.account, rootId) };
}

/**
 * X answers a long post from an account that may not post one with a bare 403
 * ("You are not permitted to perform this action."): the target's error keeps
 * X's words and says what they mean here.
 */
function longPostRefusal(err: PlatformError, opts: XOptions, unit: XUnit, index: number): PlatformError {
  if (index !== 0 || opts.longPost !== true || err.status !== 403 || xWeightedLength(unit.content) <= 280)
    return err;
  return new PlatformError(
    err.errorClass,
    `${err.message} (a post over 280 characters needs an X account eligible for long posts, Premium or Premium+; this one is not, or X refused the text)`,
    { status: err.status, ...(err.platformCode ? { platformCode: err.platformCode } : {}) },
  );
}

async function uploadUnitMedia(ctx: PublishContext, unit: XUnit, index: number): Promise<string[]> {
  if (!unit.mediaItems.length) return [];
  const prefix = index === 0 ? 'media item' : `thread item ${index}, media item`;
  const staged = await stageAll(ctx.media, unit.mediaItems, ctx.signal, (i) => `${prefix} ${i + 1}`);
  try {
    const ids: string[] = [];
    for (const s of staged) ids.push(await uploadMedia(ctx, s));
    return ids;
  } finally {
    await disposeAll(staged);
  }
}
