/**
 * Threads account counts for the analytics history: the user insights,
 * `GET /{threads-user-id}/threads_insights?metric=followers_count,views` (needs
 * the threads_manage_insights permission). followers_count is a total (since and
 * until do not apply to it); views is a daily series of the last day, summed.
 * Threads has no following or post count and no reach or impressions.
 */
import type { AccountStats } from '../analytics-types.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { arr, pick, str } from '../shared/json.ts';
import { THREADS_VERSION, versionedBase } from '../shared/meta.ts';
import { readThreadsError } from './errors.ts';

/** A metric's figure: its total_value, else the sum of its values. */
function figure(entry: unknown): number {
  const total = pick(entry, 'total_value', 'value');
  if (total !== undefined) return count(total);
  return arr(entry, 'values').reduce<number>((n, v) => n + count(pick(v, 'value')), 0);
}

export async function threadsAccountStats({ env, account }: AccountEnv): Promise<AccountStats> {
  const base = versionedBase(env.url('api', ''), THREADS_VERSION);
  const answer = await analyticsCall(
    env,
    `${base}/${encodeURIComponent(account.platformUserId)}/threads_insights`,
    {
      bearer: account.accessToken,
      query: { metric: 'followers_count,views' },
      readError: readThreadsError,
    },
  );
  const out: AccountStats = {};
  for (const entry of arr(answer, 'data')) {
    const name = str(entry, 'name');
    if (name === 'followers_count') out.followers = figure(entry);
    if (name === 'views') out.views = figure(entry);
  }
  return out;
}

export const THREADS_HISTORY_GAPS =
  "Threads' user insights give followers and views but no following or post count, reach or impressions (and need the threads_manage_insights permission), so a Threads history has followers and views per day, and each post's views, likes, replies, reposts and quotes.";
