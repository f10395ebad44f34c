/**
 * X post metrics: `GET /2/tweets?ids=…&tweet.fields=public_metrics`, up to 100
 * posts per call. Impressions, likes, replies (comments), reposts and quotes
 * (shares) and bookmarks (saves). A post X no longer has comes back in `errors`
 * and is left out of the answer (the refresh marks it unavailable).
 */
import type { PlatformAnalytics, PostMetricsBatch, PublishedRef } from '../analytics-types.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { arr, obj, str } from '../shared/json.ts';
import { readXError } from './errors.ts';

/** X's most ids per lookup. */
const IDS_PER_CALL = 100;

async function postMetrics(
  { env, account }: AccountEnv,
  posts: readonly PublishedRef[],
): Promise<PostMetricsBatch> {
  const out: PostMetricsBatch = {};
  for (let i = 0; i < posts.length; i += IDS_PER_CALL) {
    const ids = posts.slice(i, i + IDS_PER_CALL).map((p) => p.platformPostId);
    const answer = await analyticsCall(env, env.url('api', '/2/tweets'), {
      bearer: account.accessToken,
      query: { ids: ids.join(','), 'tweet.fields': 'public_metrics' },
      readError: (res) => readXError(res),
    });
    for (const tweet of arr(answer, 'data')) {
      const id = str(tweet, 'id');
      if (!id) continue;
      const m = obj(tweet, 'public_metrics');
      out[id] = {
        impressions: count(m.impression_count),
        likes: count(m.like_count),
        comments: count(m.reply_count),
        shares: count(m.retweet_count) + count(m.quote_count),
        saves: count(m.bookmark_count),
      };
    }
  }
  return out;
}

export const twitterAnalytics: PlatformAnalytics = { postMetrics };
