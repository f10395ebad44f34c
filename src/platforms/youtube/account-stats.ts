/**
 * YouTube channel counts for the analytics history: `GET /youtube/v3/channels`
 * with `part=statistics&mine=true` (subscriberCount, videoCount, viewCount).
 */
import type { AccountStats } from '../analytics-types.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { pick } from '../shared/json.ts';
import { authHeader } from './account.ts';
import { readYouTubeError } from './errors.ts';

export async function youtubeAccountStats({ env, account }: AccountEnv): Promise<AccountStats> {
  const answer = await analyticsCall(env, env.url('api', '/youtube/v3/channels'), {
    headers: authHeader(account),
    query: { part: 'statistics', mine: 'true' },
    readError: (res) => readYouTubeError(res),
  });
  const s = pick(answer, 'items', 0, 'statistics');
  return {
    followers: count(pick(s, 'subscriberCount')),
    posts: count(pick(s, 'videoCount')),
    views: count(pick(s, 'viewCount')),
  };
}

export const YOUTUBE_HISTORY_GAPS =
  'The YouTube Data API gives a channel no following count and rounds subscriber counts to three significant figures; impressions need the separate YouTube Analytics API, which is not read.';
