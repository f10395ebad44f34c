/**
 * LinkedIn account counts for the analytics history. An organization's followers
 * are its network size, `GET /rest/networkSizes/{organization urn}
 * ?edgeType=COMPANY_FOLLOWED_BY_MEMBER` (firstDegreeSize). A member's own
 * connection count needs LinkedIn's Connections Size API, open only to accepted
 * partner programs (r_1st_connections_size), so a member account has no counts:
 * nothing is asked and the collector records none.
 */
import type { AccountStats } from '../analytics-types.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { pick } from '../shared/json.ts';
import { authorUrn, linkedinHeaders } from './account.ts';
import { readLinkedInError } from './errors.ts';

export async function linkedinAccountStats({ env, account }: AccountEnv): Promise<AccountStats> {
  const urn = authorUrn(account);
  if (!urn.startsWith('urn:li:organization:')) return {};
  const answer = await analyticsCall(env, env.url('api', `/rest/networkSizes/${encodeURIComponent(urn)}`), {
    headers: linkedinHeaders(account, env.apiVersion),
    query: { edgeType: 'COMPANY_FOLLOWED_BY_MEMBER' },
    readError: (res) => readLinkedInError(res),
  });
  return { followers: count(pick(answer, 'firstDegreeSize')) };
}

export const LINKEDIN_HISTORY_GAPS =
  "LinkedIn gives an organization's follower count (its network size) but no following, post count, impressions or reach for the account, and a member's connection count only to its partner programs, so a LinkedIn history has followers per day for organizations only, and each post's likes and comments.";
