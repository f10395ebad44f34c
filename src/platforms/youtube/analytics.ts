/**
 * YouTube video metrics: `GET /youtube/v3/videos?part=statistics&id=…`, up to 50
 * videos per call (1 quota unit): views, likes and comments. A video YouTube no
 * longer has is absent from `items`.
 */
import type { PlatformAnalytics, PostMetricsBatch, PublishedRef } from '../analytics-types.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { arr, obj, str } from '../shared/json.ts';
import { authHeader } from './account.ts';
import { YOUTUBE_HISTORY_GAPS, youtubeAccountStats } from './account-stats.ts';
import { readYouTubeError } from './errors.ts';

const IDS_PER_CALL = 50;

async function postMetrics(
  { env, account }: AccountEnv,
  posts: readonly PublishedRef[],
): Promise<PostMetricsBatch> {
  const out: PostMetricsBatch = {};
  for (let i = 0; i < posts.length; i += IDS_PER_CALL) {
    const ids = posts.slice(i, i + IDS_PER_CALL).map((p) => p.platformPostId);
    const answer = await analyticsCall(env, env.url('api', '/youtube/v3/videos'), {
      headers: authHeader(account),
      query: { part: 'statistics', id: ids.join(',') },
      readError: (res) => readYouTubeError(res),
    });
    for (const item of arr(answer, 'items')) {
      const id = str(item, 'id');
      if (!id) continue;
      const s = obj(item, 'statistics');
      out[id] = { views: count(s.viewCount), likes: count(s.likeCount), comments: count(s.commentCount) };
    }
  }
  return out;
}

export const youtubeAnalytics: PlatformAnalytics = {
  postMetrics,
  accountStats: youtubeAccountStats,
  historyGaps: YOUTUBE_HISTORY_GAPS,
};
