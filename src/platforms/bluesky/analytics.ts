/**
 * Bluesky post metrics: `app.bsky.feed.getPosts` (up to 25 at:// URIs per call,
 * each as its own `uris` parameter) on the account's PDS, which hands it to the
 * AppView: likes, replies (comments), reposts and quotes (shares). Bluesky counts
 * no views. A post the AppView no longer has is simply absent from `posts`.
 */
import type { PlatformAnalytics, PostMetricsBatch, PublishedRef } from '../analytics-types.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { arr, pick, str } from '../shared/json.ts';
import { authHeader, pdsUrl } from './account.ts';
import { BLUESKY_HISTORY_GAPS, blueskyAccountStats } from './account-stats.ts';
import { readBlueskyError } from './errors.ts';

const URIS_PER_CALL = 25;

async function postMetrics(
  { env, account }: AccountEnv,
  posts: readonly PublishedRef[],
): Promise<PostMetricsBatch> {
  const out: PostMetricsBatch = {};
  const service = pdsUrl(account, env.url('api', ''));
  for (let i = 0; i < posts.length; i += URIS_PER_CALL) {
    const uris = new URLSearchParams();
    for (const p of posts.slice(i, i + URIS_PER_CALL)) uris.append('uris', p.platformPostId);
    const answer = await analyticsCall(env, `${service}/xrpc/app.bsky.feed.getPosts?${uris}`, {
      headers: authHeader(account),
      readError: (res) => readBlueskyError(res),
    });
    for (const post of arr(answer, 'posts')) {
      const uri = str(post, 'uri');
      if (!uri) continue;
      out[uri] = {
        likes: count(pick(post, 'likeCount')),
        comments: count(pick(post, 'replyCount')),
        shares: count(pick(post, 'repostCount')) + count(pick(post, 'quoteCount')),
      };
    }
  }
  return out;
}

export const blueskyAnalytics: PlatformAnalytics = {
  postMetrics,
  accountStats: blueskyAccountStats,
  historyGaps: BLUESKY_HISTORY_GAPS,
};
