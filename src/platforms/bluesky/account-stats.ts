/**
 * Bluesky account counts for the analytics history: `app.bsky.actor.getProfile`
 * of the account's own DID (followersCount, followsCount, postsCount).
 */
import type { AccountStats } from '../analytics-types.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { pick } from '../shared/json.ts';
import { authHeader, pdsUrl } from './account.ts';
import { readBlueskyError } from './errors.ts';

export async function blueskyAccountStats({ env, account }: AccountEnv): Promise<AccountStats> {
  const service = pdsUrl(account, env.url('api', ''));
  const answer = await analyticsCall(env, `${service}/xrpc/app.bsky.actor.getProfile`, {
    headers: authHeader(account),
    query: { actor: account.platformUserId },
    readError: (res) => readBlueskyError(res),
  });
  return {
    followers: count(pick(answer, 'followersCount')),
    following: count(pick(answer, 'followsCount')),
    posts: count(pick(answer, 'postsCount')),
  };
}

export const BLUESKY_HISTORY_GAPS =
  'Bluesky counts no views, impressions or reach, so its history has followers, following and posts, and likes, replies and reposts per post.';
