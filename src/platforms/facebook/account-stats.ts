/**
 * Facebook Page counts for the analytics history: `GET /me` with the Page token
 * and `fields=followers_count,fan_count`.
 */
import type { AccountStats } from '../analytics-types.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { pick } from '../shared/json.ts';
import { graphBase } from './account.ts';
import { readGraphError } from './errors.ts';

export async function facebookAccountStats({ env, account }: AccountEnv): Promise<AccountStats> {
  const answer = await analyticsCall(env, `${graphBase(env.url('api', ''))}/me`, {
    bearer: account.accessToken,
    query: { fields: 'followers_count,fan_count' },
    readError: readGraphError,
  });
  return { followers: count(pick(answer, 'followers_count')) };
}

export const FACEBOOK_HISTORY_GAPS =
  'A Facebook Page reports no following or post count, and Page impressions need page insights permissions the service does not ask for, so its history has followers and each post’s impressions, reach and clicks.';
