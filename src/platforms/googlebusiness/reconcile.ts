/**
 * After a create with no known outcome. Google keeps no client-chosen id on a
 * local post, so the post is looked for among the location's posts
 * (`GET …/localPosts`, 100 a page, newest first): one with the same summary, topic
 * type and photo count, created no earlier than SKEW_MS before the create began
 * (the checkpointed `inFlight.at`; LOOKBACK_MS back when that was never saved).
 * - exactly one such post: it is ours; `published`, or `pending` while Google
 *   reviews it, or a permanent failure if Google rejected it;
 * - none, and the listing reached posts older than the window (or its end): `absent`;
 * - several (the same text posted to the same location within the window by
 *   someone else as well), or a listing that ran out of pages while still inside
 *   the window, or a listing Google refused: `unknown`, so the target fails with a
 *   message to check the location instead of risking a second post.
 * A create whose post name was checkpointed reads that post directly.
 * This trusts the list to show a post once its create has been answered (no lag
 * of v4 lists is known); were there one, a create lost within it would read as absent.
 */
import { PlatformError, type PublishContext, type ReconcileResult } from '../contract.ts';
import { arr, str } from '../shared/json.ts';
import { locationPath } from './account.ts';
import { type GoogleBusinessCheckpoint, readPost, settle, v4Target } from './publish.ts';
import { v4 } from './v4.ts';

/** How far Google's createTime may be before our clock's start of the create. */
const SKEW_MS = 2 * 60_000;
/** The window when the start of the create is not known. */
const LOOKBACK_MS = 30 * 60_000;
/** Pages of 100 read before giving up on finding the window's start. */
const MAX_PAGES = 5;

type Found = { kind: 'posts'; posts: unknown[] } | { kind: 'unknown'; reason: string };

export async function reconcileGoogleBusiness(ctx: PublishContext): Promise<ReconcileResult> {
  const cp = ctx.checkpoint as GoogleBusinessCheckpoint;
  if (cp.postName) return asReconcile(settle(ctx, await readPost(ctx, cp.postName), cp.warnings ?? []));
  const started = Date.parse(cp.inFlight?.at ?? '');
  const since = Number.isNaN(started) ? ctx.now().getTime() - LOOKBACK_MS : started - SKEW_MS;
  const found = await recentPosts(ctx, since);
  if (found.kind === 'unknown') return { state: 'unknown', reason: found.reason };
  const ours = found.posts.filter((p) => sameAsSent(ctx, p));
  if (ours.length === 0) return { state: 'absent' };
  if (ours.length > 1)
    return {
      state: 'unknown',
      reason: `Google Business Profile: ${ours.length} posts with this text appeared on the location since ${new Date(since).toISOString()}; check the location before publishing again`,
    };
  const name = str(ours[0], 'name', 'Google Business Profile local post');
  await ctx.saveCheckpoint({ postName: name });
  return asReconcile(settle(ctx, ours[0], cp.warnings ?? []));
}

const asReconcile = (r: ReturnType<typeof settle>): ReconcileResult =>
  r.state === 'published'
    ? { state: 'published', platformPostId: r.platformPostId, platformPostUrl: r.platformPostUrl }
    : r;

const createdAt = (p: unknown) => Date.parse(str(p, 'createTime') ?? '');

function sameAsSent(ctx: PublishContext, post: unknown): boolean {
  const o = ctx.target.platformSpecificData as { topicType?: string };
  const photos = ctx.target.mediaItems.some((m) => m.type === 'image') ? 1 : 0;
  return (
    (str(post, 'summary') ?? '').trim() === ctx.target.content.trim() &&
    (str(post, 'topicType') ?? 'STANDARD') === (o.topicType ?? 'STANDARD') &&
    arr(post, 'media').length === photos
  );
}

/** The location's posts created since `since`, read until the listing is older than that. */
async function recentPosts(ctx: PublishContext, since: number): Promise<Found> {
  const parent = locationPath(ctx.account);
  const posts: unknown[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    let res: Awaited<ReturnType<typeof v4>>;
    try {
      res = await v4(v4Target(ctx), `${parent}/localPosts`, {
        query: { pageSize: '100', pageToken },
        what: 'Google Business Profile: list local posts',
      });
    } catch (err) {
      if (err instanceof PlatformError && err.errorClass === 'permanent')
        return {
          kind: 'unknown',
          reason: `Google Business Profile refused the list of posts: ${err.message}`,
        };
      throw err;
    }
    const list = arr(res.json, 'localPosts');
    posts.push(...list.filter((p) => createdAt(p) >= since));
    pageToken = str(res.json, 'nextPageToken');
    if (!pageToken || list.every((p) => createdAt(p) < since)) return { kind: 'posts', posts };
  }
  return {
    kind: 'unknown',
    reason: `Google Business Profile: more than ${MAX_PAGES * 100} posts on the location since ${new Date(since).toISOString()}; check the location before publishing again`,
  };
}
