/**
 * TikTok account counts for the analytics history: `GET /v2/user/info/` with
 * `fields=follower_count,following_count,video_count,likes_count`.
 */
import type { AccountStats } from '../analytics-types.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { pick } from '../shared/json.ts';
import { readTikTokError } from './errors.ts';

export async function tiktokAccountStats({ env, account }: AccountEnv): Promise<AccountStats> {
  const answer = await analyticsCall(env, env.url('api', '/v2/user/info/'), {
    bearer: account.accessToken,
    query: { fields: 'follower_count,following_count,video_count' },
    readError: readTikTokError,
  });
  const user = pick(answer, 'data', 'user');
  return {
    followers: count(pick(user, 'follower_count')),
    following: count(pick(user, 'following_count')),
    posts: count(pick(user, 'video_count')),
  };
}

export const TIKTOK_HISTORY_GAPS =
  "TikTok's public API gives no account-wide views or reach, so a TikTok history has followers, following and videos, and each video's views, likes, comments and shares.";
