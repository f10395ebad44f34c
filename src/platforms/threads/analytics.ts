/**
 * Threads post metrics: `GET /{threads-media-id}/insights?metric=views,likes,
 * replies,reposts,quotes,shares`, one call per post (Threads has no batch read):
 * views, likes, replies (comments), and reposts, quotes and shares together
 * (shares). A post that is gone (100/33) or has no insights (code 10) lacks
 * metrics on its own.
 */
import type { PlatformAnalytics, PostMetricsBatch, PublishedRef } from '../analytics-types.ts';
import { PlatformError } from '../contract.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { arr, pick, str } from '../shared/json.ts';
import { THREADS_VERSION, versionedBase } from '../shared/meta.ts';
import { THREADS_HISTORY_GAPS, threadsAccountStats } from './account-stats.ts';
import { readThreadsError } from './errors.ts';

async function postMetrics(
  { env, account }: AccountEnv,
  posts: readonly PublishedRef[],
): Promise<PostMetricsBatch> {
  const out: PostMetricsBatch = {};
  const base = versionedBase(env.url('api', ''), THREADS_VERSION);
  for (const { platformPostId: id } of posts) {
    try {
      const answer = await analyticsCall(env, `${base}/${encodeURIComponent(id)}/insights`, {
        bearer: account.accessToken,
        query: { metric: 'views,likes,replies,reposts,quotes,shares' },
        readError: readThreadsError,
      });
      const v: Record<string, number> = {};
      for (const d of arr(answer, 'data')) {
        const name = str(d, 'name');
        if (name) v[name] = count(pick(d, 'values', 0, 'value') ?? pick(d, 'total_value', 'value'));
      }
      out[id] = {
        views: v.views ?? 0,
        likes: v.likes ?? 0,
        comments: v.replies ?? 0,
        shares: (v.reposts ?? 0) + (v.quotes ?? 0) + (v.shares ?? 0),
      };
    } catch (err) {
      if (err instanceof PlatformError && (err.platformCode === '10' || err.platformCode === '100/33'))
        out[id] = { unavailable: err.message };
      else throw err;
    }
  }
  return out;
}

export const threadsAnalytics: PlatformAnalytics = {
  postMetrics,
  accountStats: threadsAccountStats,
  historyGaps: THREADS_HISTORY_GAPS,
};
