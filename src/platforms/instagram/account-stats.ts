/**
 * Instagram account counts for the analytics history: `GET /me` with
 * `fields=followers_count,follows_count,media_count` (Instagram API with
 * Instagram Login). Account-wide reach and views come from the account insights
 * read (accountInsights), which the daily snapshot does not spend a call on.
 */
import type { AccountStats } from '../analytics-types.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { pick } from '../shared/json.ts';
import { GRAPH_VERSION, versionedBase } from '../shared/meta.ts';
import { readInstagramError } from './errors.ts';

export async function instagramAccountStats({ env, account }: AccountEnv): Promise<AccountStats> {
  const answer = await analyticsCall(env, `${versionedBase(env.url('api', ''), GRAPH_VERSION)}/me`, {
    bearer: account.accessToken,
    query: { fields: 'followers_count,follows_count,media_count' },
    readError: readInstagramError,
  });
  return {
    followers: count(pick(answer, 'followers_count')),
    following: count(pick(answer, 'follows_count')),
    posts: count(pick(answer, 'media_count')),
  };
}

export const INSTAGRAM_HISTORY_GAPS =
  'Instagram keeps account insights for a limited window and Story insights for 24 hours only, so older daily reach and Story metrics exist here only if they were collected in time.';
