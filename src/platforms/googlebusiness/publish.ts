/**
 * Publishing one local post to the connected location, as resumable steps:
 * 1. the photo (at most one) is fetched through the media pipeline only to check it
 *    (a JPEG or PNG of at most 5 MB): Google takes post photos by `sourceUrl` alone
 *    and fetches them itself, so a bad item fails here with a clear message instead
 *    of Google's "Fetching image failed.";
 * 2. the time of the create is checkpointed (reconcile looks for posts from then
 *    on), `beginCreate`, then `POST …/localPosts`; the post's `name` is checkpointed;
 * 3. the post's `state` decides: LIVE is published, with its `searchUrl`;
 *    PROCESSING (Google reviewing) answers `pending` and the next run reads the post
 *    again; REJECTED (a content policy refusal) fails for good.
 * The platformPostId is the post's resource name (`accounts/…/localPosts/{id}`),
 * which is all delete needs.
 */
import { PlatformError, type PublishContext, type PublishResult } from '../contract.ts';
import { str } from '../shared/http.ts';
import { stageOne } from '../shared/media.ts';
import { locationPath, locationUrl } from './account.ts';
import { buildLocalPost } from './local-post.ts';
import { type V4Target, v4 } from './v4.ts';

export interface GoogleBusinessCheckpoint {
  /** When the create call was begun (ISO), for reconcile's search. */
  inFlight?: { at: string };
  /** The created post's resource name. */
  postName?: string;
  /** What was sent differently from what was asked. */
  warnings?: string[];
}

/**
 * How soon to look again at a post Google is still reviewing: 30 s at first, then
 * half the time the review has taken so far, at most 10 minutes, so a long review
 * does not spend the project's per-minute quota on reads.
 */
export const PROCESSING_RETRY_MS = 30_000;
const PROCESSING_RETRY_MAX_MS = 10 * 60_000;

function reviewRetryMs(ctx: PublishContext): number {
  const started = Date.parse((ctx.checkpoint as GoogleBusinessCheckpoint).inFlight?.at ?? '');
  const elapsed = Number.isNaN(started) ? 0 : ctx.now().getTime() - started;
  return Math.round(Math.min(PROCESSING_RETRY_MAX_MS, Math.max(PROCESSING_RETRY_MS, elapsed / 2)));
}
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png']);

export const v4Target = (ctx: PublishContext): V4Target => ({
  baseUrl: ctx.baseUrl,
  account: ctx.account,
  signal: ctx.signal,
});

export async function publishToGoogleBusiness(ctx: PublishContext): Promise<PublishResult> {
  const cp = ctx.checkpoint as GoogleBusinessCheckpoint;
  if (cp.postName) return settle(ctx, await readPost(ctx, cp.postName), cp.warnings ?? []);
  const parent = locationPath(ctx.account);
  const { body, warnings } = buildLocalPost(ctx.target, ctx.now());
  await checkPhoto(ctx);
  const at = ctx.now().toISOString();
  // The warnings ride on the ledger's "create in flight" write (beginCreate's info goes
  // into the checkpoint): one write before the call.
  await ctx.beginCreate({ inFlight: { at }, warnings });
  const res = await v4(v4Target(ctx), `${parent}/localPosts`, {
    json: body,
    createCall: true,
    what: 'Google Business Profile: create local post',
  });
  const name = str(res.json, 'name');
  if (!name)
    throw new PlatformError(
      'unknown_outcome',
      'Google Business Profile answered the create without the post name',
    );
  await ctx.saveCheckpoint({ postName: name });
  return settle(ctx, res.json, warnings);
}

/** `GET` of a post this target created; a post gone since is a permanent failure, never a new create. */
export async function readPost(ctx: PublishContext, name: string): Promise<unknown> {
  try {
    const res = await v4(v4Target(ctx), name, { what: 'Google Business Profile: read local post' });
    return res.json;
  } catch (err) {
    if (err instanceof PlatformError && err.status === 404)
      throw new PlatformError(
        'permanent',
        `Google Business Profile: the post ${name} was created but Google no longer has it (deleted or removed)`,
        { status: 404 },
      );
    throw err;
  }
}

/**
 * What a post's state means. LIVE (and SCHEDULED or RECURRING, which Google then
 * publishes itself; and no state at all) is published; PROCESSING is pending;
 * REJECTED is a permanent failure naming Google's policy.
 */
export function settle(ctx: PublishContext, post: unknown, warnings: string[]): PublishResult {
  const name = str(post, 'name', 'Google Business Profile local post');
  const state = str(post, 'state');
  if (state === 'REJECTED')
    throw new PlatformError(
      'permanent',
      `Google Business Profile: Google rejected the post under its content policy (state REJECTED; a phone number in the text is the most common cause): ${name}`,
      { platformCode: 'REJECTED' },
    );
  if (state === 'PROCESSING')
    return {
      state: 'pending',
      retryInMs: reviewRetryMs(ctx),
      reason: 'Google is reviewing the local post (PROCESSING)',
    };
  const searchUrl = str(post, 'searchUrl');
  const all = searchUrl
    ? warnings
    : [...warnings, 'Google gave no link to the post itself; the URL is the location on Google'];
  return {
    state: 'published',
    platformPostId: name,
    platformPostUrl: searchUrl ?? locationUrl(ctx.account),
    ...(all.length ? { warningMessage: all.join('; ') } : {}),
  };
}

/** Fetches the photo once to check it is what Google takes, then lets it go. */
async function checkPhoto(ctx: PublishContext): Promise<void> {
  const index = ctx.target.mediaItems.findIndex((m) => m.type === 'image');
  const item = ctx.target.mediaItems[index];
  if (!item) return;
  const staged = await stageOne(ctx.media, item, `media item ${index + 1}`, ctx.signal);
  try {
    if (!PHOTO_TYPES.has(staged.mimeType))
      throw new PlatformError(
        'permanent',
        `${staged.label} (${item.url}) is ${staged.mimeType}: Google Business posts take JPEG or PNG photos`,
      );
    if (staged.size > PHOTO_MAX_BYTES)
      throw new PlatformError(
        'permanent',
        `${staged.label} (${item.url}) is ${staged.size} bytes: Google Business photos are at most 5 MB`,
      );
  } finally {
    await staged.dispose();
  }
}
