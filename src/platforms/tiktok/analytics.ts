/**
 * TikTok video metrics: `POST /v2/video/query/` with up to 20 video ids and the
 * fields view_count, like_count, comment_count and share_count (scope
 * `video.list`). A post listed under its publish id (TikTok had not released the
 * post id, or it went to the creator's inbox) is not a video TikTok can query:
 * it lacks metrics with that reason.
 */
import type { PlatformAnalytics, PostMetricsBatch, PublishedRef } from '../analytics-types.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { arr, pick, str } from '../shared/json.ts';
import { TIKTOK_HISTORY_GAPS, tiktokAccountStats } from './account-stats.ts';
import { readTikTokError } from './errors.ts';

const IDS_PER_CALL = 20;
const NOT_QUERYABLE =
  'TikTok gives no metrics for this post: it is known only by its publish id (a draft in the inbox, or an id TikTok has not released)';

async function postMetrics(
  { env, account }: AccountEnv,
  posts: readonly PublishedRef[],
): Promise<PostMetricsBatch> {
  const out: PostMetricsBatch = {};
  const ids = posts.map((p) => p.platformPostId);
  for (const id of ids.filter((i) => !/^\d+$/.test(i))) out[id] = { unavailable: NOT_QUERYABLE };
  const videos = ids.filter((i) => /^\d+$/.test(i));
  for (let i = 0; i < videos.length; i += IDS_PER_CALL) {
    const answer = await analyticsCall(env, env.url('api', '/v2/video/query/'), {
      method: 'POST',
      bearer: account.accessToken,
      query: { fields: 'id,view_count,like_count,comment_count,share_count' },
      json: { filters: { video_ids: videos.slice(i, i + IDS_PER_CALL) } },
      readError: readTikTokError,
    });
    // TikTok answers 200 with error.code other than "ok" for some refusals.
    const code = str(pick(answer, 'error'), 'code');
    if (code && code !== 'ok')
      throw readTikTokError({ status: 400, json: answer, text: '', headers: { get: () => null } });
    for (const v of arr(pick(answer, 'data'), 'videos')) {
      const id = str(v, 'id');
      if (!id) continue;
      out[id] = {
        views: count(pick(v, 'view_count')),
        likes: count(pick(v, 'like_count')),
        comments: count(pick(v, 'comment_count')),
        shares: count(pick(v, 'share_count')),
      };
    }
  }
  return out;
}

export const tiktokAnalytics: PlatformAnalytics = {
  postMetrics,
  accountStats: tiktokAccountStats,
  historyGaps: TIKTOK_HISTORY_GAPS,
};
