/**
 * X account counts for the analytics history: `GET /2/users/me` with
 * `user.fields=public_metrics` (followers_count, following_count, tweet_count).
 * X gives no account-wide impressions on the v2 API.
 */
import type { AccountStats } from '../analytics-types.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { obj } from '../shared/json.ts';
import { readXError } from './errors.ts';

export async function twitterAccountStats({ env, account }: AccountEnv): Promise<AccountStats> {
  const answer = await analyticsCall(env, env.url('api', '/2/users/me'), {
    bearer: account.accessToken,
    query: { 'user.fields': 'public_metrics' },
    readError: (res) => readXError(res),
  });
  const m = obj(obj(answer, 'data'), 'public_metrics');
  return {
    followers: count(m.followers_count),
    following: count(m.following_count),
    posts: count(m.post_count ?? m.tweet_count),
  };
}

export const TWITTER_HISTORY_GAPS =
  'X reports no account-wide impressions or reach on its v2 API, so an X account history has followers, following and posts only.';
