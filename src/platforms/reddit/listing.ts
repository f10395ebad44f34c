/**
 * The account's own listings: `GET /user/{name}/submitted` (its posts, newest
 * first) and `GET /user/{name}/comments` (its comments). Reconcile and the first
 * comment's `find` look there before any repeated create: Reddit has no
 * idempotency key, but it lists what the account made, the spam-filtered and the
 * removed included (the author still sees them).
 */
import { pick } from '../shared/json.ts';
import { type RedditTarget, redditRead } from './api.ts';

export type Thing = Record<string, unknown>;

/** The `data` of each child of a Listing answer. */
export function children(listing: unknown): Thing[] {
  const list = pick(listing, 'data', 'children');
  return Array.isArray(list)
    ? list.map((c) => (pick(c, 'data') ?? {}) as Thing).filter((d) => typeof d.name === 'string')
    : [];
}

/** The account's newest 100 posts. */
export async function submitted(t: RedditTarget, username: string): Promise<Thing[]> {
  const answer = await redditRead(
    t,
    `/user/${encodeURIComponent(username)}/submitted`,
    { sort: 'new', limit: '100' },
    "Reddit: the account's submitted posts",
  );
  return children(answer);
}

/** The account's newest 100 comments. */
export async function userComments(t: RedditTarget, username: string): Promise<Thing[]> {
  const answer = await redditRead(
    t,
    `/user/${encodeURIComponent(username)}/comments`,
    { sort: 'new', limit: '100' },
    "Reddit: the account's comments",
  );
  return children(answer);
}
