/**
 * Publishing to a subreddit, in resumable steps:
 * 1. the subreddit's rules (rules.ts), kept or read, checked before anything is
 *    uploaded: a post they refuse fails with the words create would have used;
 * 2. for an image or video, the upload lease and the upload (media.ts), the
 *    asset's URL checkpointed (and the video's poster);
 * 3. `beginCreate`, then `POST /api/submit` (kind self, link, image or video;
 *    title, flair, nsfw, spoiler, sendreplies; `resubmit=false` on links, so a
 *    second submit of the same URL is refused rather than made).
 *
 * A text or link submit answers the post's id (`json.data.name`, `t3_…`). An image
 * or video submit answers only a websocket to wait on: the post appears in the
 * account's submitted listing once Reddit has processed the media, so publish
 * looks for it there and answers `pending` until it is listed.
 *
 * Reddit has no idempotency key: reconcile reads the submitted listing (the
 * account's posts of this subreddit with this title, made after the create was
 * begun) before anything is sent twice.
 */
import type { PublishContext, PublishResult, ReconcileResult } from '../contract.ts';
import { PlatformError } from '../contract.ts';
import { pick } from '../shared/json.ts';
import { stageOne } from '../shared/media.ts';
import { bareId, postUrl, usernameOf } from './account.ts';
import type { RedditTarget } from './api.ts';
import { redditWrite } from './api.ts';
import { submitted, type Thing } from './listing.ts';
import { PLAIN_POSTER, uploadAsset, uploadStaged } from './media.ts';
import { redditOptions } from './options.ts';
import { kindOf, readRules, rulesProblems } from './rules.ts';

export interface RedditCheckpoint {
  rulesChecked?: boolean;
  /** The uploaded image or video (the URL the submit names). */
  mediaUrl?: string;
  posterUrl?: string;
  /** When the submit was about to be sent (ISO): reconcile looks at posts from then on. */
  createAfter?: string;
  /** The submit of a media post was accepted: the post is coming, look for it in the listing. */
  mediaSubmitted?: boolean;
  /** Listing reads that did not show the media post yet. */
  listingPolls?: number;
}

/** How long a media post may take to show in the listing before publish gives up waiting. */
const LISTING_POLL_MS = 5_000;
/** Listing reads after a lost media submit before it counts as never made (about a minute). */
const LOST_MEDIA_POLLS = 12;
/** Reddit's clock and ours may differ a little: posts this much older than the begin still match. */
const CLOCK_SLACK_SEC = 120;

export const targetOf = (
  ctx: Pick<PublishContext, 'baseUrl' | 'account' | 'apiVersion' | 'signal'>,
): RedditTarget => ({
  baseUrl: ctx.baseUrl,
  accessToken: ctx.account.accessToken,
  apiVersion: ctx.apiVersion,
  signal: ctx.signal,
});

const checkpointOf = (ctx: PublishContext) => ctx.checkpoint as RedditCheckpoint;

async function checkRules(ctx: PublishContext): Promise<void> {
  if (checkpointOf(ctx).rulesChecked) return;
  const o = redditOptions(ctx.target.platformSpecificData);
  const rules = await readRules(targetOf(ctx), o.subreddit ?? '');
  const problems = rulesProblems(
    rules,
    { ...ctx.target, accountId: ctx.target.integrationId },
    ctx.target,
    ctx.target.content,
  );
  if (problems.length) throw new PlatformError('permanent', `Reddit: ${problems.join('; ')}`);
  await ctx.saveCheckpoint({ rulesChecked: true });
}

/** The uploaded media's URLs (the checkpoint's, or uploaded now and checkpointed). */
async function uploadMedia(ctx: PublishContext): Promise<Pick<RedditCheckpoint, 'mediaUrl' | 'posterUrl'>> {
  const item = ctx.target.mediaItems[0];
  const cp = checkpointOf(ctx);
  if (!item || cp.mediaUrl) return { mediaUrl: cp.mediaUrl, posterUrl: cp.posterUrl };
  const t = { ...targetOf(ctx), platformUrls: ctx.platformUrls };
  const staged = await stageOne(ctx.media, item, 'media item 1', ctx.signal);
  let posterUrl: string | undefined;
  try {
    const mediaUrl = await uploadStaged(t, staged);
    if (item.type === 'video') posterUrl = await uploadPoster(ctx, t, item.thumbnail);
    await ctx.saveCheckpoint({ mediaUrl, ...(posterUrl ? { posterUrl } : {}) });
    return { mediaUrl, posterUrl };
  } finally {
    await staged.dispose();
  }
}

async function uploadPoster(
  ctx: PublishContext,
  t: Parameters<typeof uploadAsset>[0],
  thumbnail: string | undefined,
): Promise<string> {
  if (!thumbnail)
    return uploadAsset(
      t,
      {
        blob: new Blob([PLAIN_POSTER], { type: 'image/png' }),
        filename: 'poster.png',
        mimeType: 'image/png',
      },
      'Reddit: upload of the video poster',
    );
  const staged = await stageOne(
    ctx.media,
    { type: 'image', url: thumbnail },
    'the thumbnail of media item 1',
    ctx.signal,
  );
  try {
    return await uploadStaged(t, staged);
  } finally {
    await staged.dispose();
  }
}

const flag = (v: boolean | undefined) => (v === undefined ? undefined : String(v));

function submitForm(
  ctx: PublishContext,
  cp: Pick<RedditCheckpoint, 'mediaUrl' | 'posterUrl'>,
): Record<string, string | undefined> {
  const o = redditOptions(ctx.target.platformSpecificData);
  const kind = kindOf(ctx.target, ctx.target);
  return {
    sr: o.subreddit,
    kind,
    title: o.title,
    // Text, image and video posts carry the content as their body; a link post has none.
    ...(kind !== 'link' ? { text: ctx.target.content } : {}),
    ...(kind === 'link' ? { url: o.url, resubmit: 'false' } : {}),
    ...(kind === 'image' || kind === 'video' ? { url: cp.mediaUrl } : {}),
    ...(kind === 'video' ? { video_poster_url: cp.posterUrl } : {}),
    flair_id: o.flairId,
    flair_text: o.flairText,
    nsfw: flag(o.nsfw),
    spoiler: flag(o.spoiler),
    sendreplies: flag(o.sendReplies ?? true),
    validate_on_submit: 'true',
  };
}

export async function publishToReddit(ctx: PublishContext): Promise<PublishResult> {
  const cp = checkpointOf(ctx);
  if (cp.mediaSubmitted) return awaitListed(ctx, cp);
  await checkRules(ctx);
  const media = await uploadMedia(ctx);
  const createAfter = ctx.now().toISOString();
  await ctx.beginCreate({ createAfter });
  const answer = await redditWrite(
    targetOf(ctx),
    '/api/submit',
    submitForm(ctx, media),
    'Reddit: submit',
    true,
  );
  const name = pick(answer, 'json', 'data', 'name');
  const o = redditOptions(ctx.target.platformSpecificData);
  if (typeof name === 'string' && name.startsWith('t3_'))
    return {
      state: 'published',
      platformPostId: bareId(name),
      platformPostUrl: postUrl(o.subreddit ?? '', name),
    };
  // A media submit answers a websocket, not an id: the post shows in the listing once processed.
  await ctx.saveCheckpoint({ mediaSubmitted: true });
  return awaitListed(ctx, { ...cp, createAfter, mediaSubmitted: true });
}

async function awaitListed(ctx: PublishContext, cp: RedditCheckpoint): Promise<PublishResult> {
  const found = await findPost(ctx, cp);
  if (found) return found;
  await ctx.saveCheckpoint({ listingPolls: (cp.listingPolls ?? 0) + 1 });
  return { state: 'pending', retryInMs: LISTING_POLL_MS, reason: 'Reddit is processing the media post' };
}

/** The account's post of this subreddit and title made since the create began, if listed. */
async function findPost(
  ctx: PublishContext,
  cp: RedditCheckpoint,
): Promise<Extract<PublishResult, { state: 'published' }> | null> {
  const o = redditOptions(ctx.target.platformSpecificData);
  // Without a begin time (never expected: beginCreate records it) any post with this title matches.
  const since = Date.parse(cp.createAfter ?? '') / 1000 - CLOCK_SLACK_SEC;
  const kind = kindOf(ctx.target, ctx.target);
  const mine = (p: Thing) =>
    String(p.subreddit ?? '').toLowerCase() === (o.subreddit ?? '').toLowerCase() &&
    p.title === o.title &&
    (!Number.isFinite(since) || Number(p.created_utc ?? 0) >= since) &&
    (kind === 'link' || String(p.selftext ?? '').trim() === ctx.target.content.trim()) &&
    (kind !== 'link' || p.url === o.url);
  // Newest first: the oldest match is the one the create made.
  const match = (await submitted(targetOf(ctx), usernameOf(ctx.account))).filter(mine).at(-1);
  if (!match) return null;
  const name = String(match.name);
  return {
    state: 'published',
    platformPostId: bareId(name),
    platformPostUrl: postUrl(String(match.subreddit ?? o.subreddit), name),
  };
}

export async function reconcileReddit(ctx: PublishContext): Promise<ReconcileResult> {
  const cp = checkpointOf(ctx);
  const found = await findPost(ctx, cp);
  if (found) return found;
  if (cp.mediaSubmitted)
    return { state: 'pending', retryInMs: LISTING_POLL_MS, reason: 'Reddit is processing the media post' };
  // A media submit whose answer was lost may have made a post Reddit lists only once it
  // has processed the media: look a few more times before calling it absent.
  const kind = kindOf(ctx.target, ctx.target);
  const polls = cp.listingPolls ?? 0;
  if ((kind === 'image' || kind === 'video') && polls < LOST_MEDIA_POLLS) {
    await ctx.saveCheckpoint({ listingPolls: polls + 1 });
    return {
      state: 'pending',
      retryInMs: LISTING_POLL_MS,
      reason: 'looking for the media post in the listing',
    };
  }
  return { state: 'absent' };
}
