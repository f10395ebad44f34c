/**
 * Pinterest account counts for the analytics history: `GET /v5/user_account`
 * (follower_count, following_count, pin_count).
 */
import type { AccountStats } from '../analytics-types.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { pick } from '../shared/json.ts';
import { readPinterestError } from './errors.ts';

export async function pinterestAccountStats({ env, account }: AccountEnv): Promise<AccountStats> {
  const answer = await analyticsCall(env, env.url('api', '/v5/user_account'), {
    bearer: account.accessToken,
    readError: readPinterestError,
  });
  return {
    followers: count(pick(answer, 'follower_count')),
    following: count(pick(answer, 'following_count')),
    posts: count(pick(answer, 'pin_count')),
  };
}

export const PINTEREST_HISTORY_GAPS =
  "Pinterest reports an account's views only as a rolling 30-day figure, so the daily history keeps followers, following and pins, and each pin's impressions, saves and clicks.";
