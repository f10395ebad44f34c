/**
 * Reddit metrics. A post's `score` (upvotes less downvotes, as Reddit shows it)
 * and `num_comments`, read for up to 100 posts in one `GET /api/info?id=t3_…`;
 * a post Reddit no longer lists lacks metrics on its own. The account's
 * followers are its profile's subscribers (`/api/v1/me`, `subreddit.subscribers`).
 */
import type { AccountStats, PlatformAnalytics, PostMetricsBatch, PublishedRef } from '../analytics-types.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { pick } from '../shared/json.ts';
import { fullname, userAgentOf } from './account.ts';
import { readRedditError } from './errors.ts';
import { children } from './listing.ts';

const BATCH = 100;

async function postMetrics(
  { env, account }: AccountEnv,
  posts: readonly PublishedRef[],
): Promise<PostMetricsBatch> {
  const out: PostMetricsBatch = {};
  for (let i = 0; i < posts.length; i += BATCH) {
    const ids = posts.slice(i, i + BATCH).map((p) => p.platformPostId);
    const answer = await analyticsCall(env, env.url('api', '/api/info'), {
      bearer: account.accessToken,
      headers: { 'user-agent': userAgentOf(env.apiVersion) },
      query: { id: ids.map(fullname).join(','), raw_json: '1' },
      readError: readRedditError,
    });
    const byName = new Map(children(answer).map((c) => [String(c.name), c]));
    for (const id of ids) {
      const p = byName.get(fullname(id));
      out[id] =
        p && p.removed_by_category !== 'deleted'
          ? { likes: Math.max(0, count(p.score)), comments: count(p.num_comments) }
          : { unavailable: 'Reddit no longer lists this post (deleted or removed)' };
    }
  }
  return out;
}

async function accountStats({ env, account }: AccountEnv): Promise<AccountStats> {
  const me = await analyticsCall(env, env.url('api', '/api/v1/me'), {
    bearer: account.accessToken,
    headers: { 'user-agent': userAgentOf(env.apiVersion) },
    query: { raw_json: '1' },
    readError: readRedditError,
  });
  return { followers: count(pick(me, 'subreddit', 'subscribers')) };
}

export const REDDIT_HISTORY_GAPS =
  "Reddit's API gives no views, reach or impressions: the daily history keeps the account's followers (its profile's subscribers) and each post's score (as likes) and comment count; karma (link and comment) is Reddit's own sum of those scores and is not a history metric.";

export const redditAnalytics: PlatformAnalytics = {
  postMetrics,
  accountStats,
  historyGaps: REDDIT_HISTORY_GAPS,
};
