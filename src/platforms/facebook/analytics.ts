/**
 * Facebook Page post metrics: `GET /{post-id}/insights` with the Page token,
 * one call per post: impressions and unique reach, clicks, and the
 * likes/comments/shares of `post_activity_by_action_type`. A post that is gone
 * (100/33) or has no insights (code 10) lacks metrics on its own; anything else
 * fails the whole refresh. The Page's own posts (recentPosts) come from its feed.
 * A Story's insights last 24 h: after that it is not asked for, and the answer says why.
 */
import type {
  AccountPost,
  PlatformAnalytics,
  PostMetricsBatch,
  PublishedRef,
  RecentPostsWindow,
} from '../analytics-types.ts';
import { PlatformError } from '../contract.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count, isoOrNull } from '../shared/analytics-call.ts';
import { arr, pick, str } from '../shared/json.ts';
import { isStory, storyInsightsExpired, storyInsightsGone } from '../shared/story-insights.ts';
import { graphBase, postUrl } from './account.ts';
import { FACEBOOK_HISTORY_GAPS, facebookAccountStats } from './account-stats.ts';
import { readGraphError } from './errors.ts';

const METRICS = 'post_impressions,post_impressions_unique,post_clicks,post_activity_by_action_type';

async function postMetrics(
  { env, account }: AccountEnv,
  posts: readonly PublishedRef[],
): Promise<PostMetricsBatch> {
  const out: PostMetricsBatch = {};
  for (const ref of posts) {
    const id = ref.platformPostId;
    if (storyInsightsExpired(ref)) {
      out[id] = { unavailable: storyInsightsGone('Facebook') };
      continue;
    }
    try {
      const answer = await analyticsCall(
        env,
        `${graphBase(env.url('api', ''))}/${encodeURIComponent(id)}/insights`,
        {
          bearer: account.accessToken,
          query: { metric: METRICS },
          readError: readGraphError,
        },
      );
      const v: Record<string, unknown> = {};
      for (const d of arr(answer, 'data')) {
        const name = str(d, 'name');
        if (name) v[name] = pick(d, 'values', 0, 'value');
      }
      const activity = v.post_activity_by_action_type;
      out[id] = {
        impressions: count(v.post_impressions),
        reach: count(v.post_impressions_unique),
        clicks: count(v.post_clicks),
        likes: count(pick(activity, 'like')),
        comments: count(pick(activity, 'comment')),
        shares: count(pick(activity, 'share')),
      };
    } catch (err) {
      if (err instanceof PlatformError && (err.platformCode === '10' || err.platformCode === '100/33'))
        out[id] = { unavailable: isStory(ref) ? storyInsightsGone('Facebook', err.message) : err.message };
      else throw err;
    }
  }
  return out;
}

/**
 * The Page's own posts: `GET /{page}/feed` between since and until (Unix
 * seconds), newest first, with the Page token.
 */
async function recentPosts({ env, account }: AccountEnv, window: RecentPostsWindow): Promise<AccountPost[]> {
  const answer = await analyticsCall(
    env,
    `${graphBase(env.url('api', ''))}/${encodeURIComponent(account.platformUserId)}/feed`,
    {
      bearer: account.accessToken,
      query: {
        fields: 'id,message,created_time,permalink_url',
        since: String(Math.floor(Date.parse(window.since) / 1000)),
        until: window.until === undefined ? undefined : String(Math.ceil(Date.parse(window.until) / 1000)),
        limit: String(window.limit),
      },
      readError: readGraphError,
    },
  );
  const out: AccountPost[] = [];
  for (const post of arr(answer, 'data')) {
    const id = str(post, 'id');
    if (!id) continue;
    out.push({
      platformPostId: id,
      platformPostUrl: str(post, 'permalink_url') ?? postUrl(id),
      content: str(post, 'message') ?? '',
      publishedAt: isoOrNull(str(post, 'created_time')),
    });
  }
  return out.slice(0, window.limit);
}

export const facebookAnalytics: PlatformAnalytics = {
  postMetrics,
  recentPosts,
  accountStats: facebookAccountStats,
  historyGaps: FACEBOOK_HISTORY_GAPS,
};
