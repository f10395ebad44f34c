/**
 * X post metrics: `GET /2/tweets?ids=…&post.fields=public_metrics`, up to 100
 * posts per call. Impressions, likes, replies (comments), reposts and quotes
 * (shares) and bookmarks (saves). A post X no longer has comes back in `errors`
 * and is left out of the answer (the refresh marks it unavailable). The
 * account's own posts (recentPosts) come from its timeline.
 */
import type {
  AccountPost,
  PlatformAnalytics,
  PostMetricsBatch,
  PublishedRef,
  RecentPostsWindow,
} from '../analytics-types.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count, isoOrNull } from '../shared/analytics-call.ts';
import { arr, obj, str } from '../shared/json.ts';
import { tweetUrl } from './account.ts';
import { TWITTER_HISTORY_GAPS, twitterAccountStats } from './account-stats.ts';
import { readXError } from './errors.ts';
import { POST_FIELDS, repostCount } from './fields.ts';

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
      query: { ids: ids.join(','), [POST_FIELDS]: 'public_metrics' },
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
        shares: repostCount(m) + count(m.quote_count),
        saves: count(m.bookmark_count),
      };
    }
  }
  return out;
}

/**
 * The account's own posts: `GET /2/users/:id/tweets` between start_time and
 * end_time (X takes max_results 5 to 100), newest first.
 */
async function recentPosts({ env, account }: AccountEnv, window: RecentPostsWindow): Promise<AccountPost[]> {
  const answer = await analyticsCall(
    env,
    env.url('api', `/2/users/${encodeURIComponent(account.platformUserId)}/tweets`),
    {
      bearer: account.accessToken,
      query: {
        start_time: window.since,
        end_time: window.until,
        max_results: String(Math.min(100, Math.max(5, window.limit))),
        [POST_FIELDS]: 'created_at,text',
      },
      readError: (res) => readXError(res),
    },
  );
  const out: AccountPost[] = [];
  for (const tweet of arr(answer, 'data')) {
    const id = str(tweet, 'id');
    if (!id) continue;
    out.push({
      platformPostId: id,
      platformPostUrl: tweetUrl(account, id),
      content: str(tweet, 'text') ?? '',
      publishedAt: isoOrNull(str(tweet, 'created_at')),
    });
  }
  return out.slice(0, window.limit);
}

export const twitterAnalytics: PlatformAnalytics = {
  postMetrics,
  recentPosts,
  accountStats: twitterAccountStats,
  historyGaps: TWITTER_HISTORY_GAPS,
};
