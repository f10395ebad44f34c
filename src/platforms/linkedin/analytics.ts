/**
 * LinkedIn post metrics: the post's social actions, `GET /rest/socialActions/{urn}`
 * (likes and comments, as LinkedIn counts them for any post the member or
 * organization can see), one call per post. A post LinkedIn no longer has (404)
 * lacks metrics on its own. Impressions need organization share statistics,
 * which members' posts do not have, so they are not reported.
 */
import type { PlatformAnalytics, PostMetricsBatch, PublishedRef } from '../analytics-types.ts';
import { PlatformError } from '../contract.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { pick } from '../shared/json.ts';
import { linkedinHeaders } from './account.ts';
import { LINKEDIN_HISTORY_GAPS, linkedinAccountStats } from './account-stats.ts';
import { readLinkedInError } from './errors.ts';

async function postMetrics(
  { env, account }: AccountEnv,
  posts: readonly PublishedRef[],
): Promise<PostMetricsBatch> {
  const out: PostMetricsBatch = {};
  for (const { platformPostId: urn } of posts) {
    try {
      const answer = await analyticsCall(
        env,
        env.url('api', `/rest/socialActions/${encodeURIComponent(urn)}`),
        {
          headers: linkedinHeaders(account, env.apiVersion),
          readError: (res) => readLinkedInError(res),
        },
      );
      out[urn] = {
        likes: count(pick(answer, 'likesSummary', 'totalLikes')),
        comments: count(pick(answer, 'commentsSummary', 'aggregatedTotalComments')),
      };
    } catch (err) {
      if (err instanceof PlatformError && err.status === 404) out[urn] = { unavailable: err.message };
      else throw err;
    }
  }
  return out;
}

export const linkedinAnalytics: PlatformAnalytics = {
  postMetrics,
  accountStats: linkedinAccountStats,
  historyGaps: LINKEDIN_HISTORY_GAPS,
};
