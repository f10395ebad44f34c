/**
 * Mastodon counts per status (`GET /api/v1/statuses/:id`: favourites as likes,
 * replies as comments, boosts and quotes as shares) and per account
 * (`verify_credentials`: followers, following, statuses). Mastodon counts no views,
 * impressions or reach. Counts of a status on another instance are what the
 * account's own instance has seen of it.
 */
import type { AccountStats, PlatformAnalytics, PostMetricsBatch, PublishedRef } from '../analytics-types.ts';
import { PlatformError } from '../contract.ts';
import type { AccountEnv } from '../module.ts';
import { count } from '../shared/analytics-call.ts';
import { instanceOf } from './account.ts';
import { instanceCall, objectAnswer } from './api.ts';

const targetOf = ({ env, account }: AccountEnv) => ({
  instance: instanceOf(account, env.url('api', '')),
  token: account.accessToken,
  outside: env.outside,
  timeoutMs: env.timeoutMs,
});

async function postMetrics(a: AccountEnv, posts: readonly PublishedRef[]): Promise<PostMetricsBatch> {
  const out: PostMetricsBatch = {};
  const t = targetOf(a);
  for (const p of posts) {
    try {
      const res = await instanceCall(t, `/api/v1/statuses/${encodeURIComponent(p.platformPostId)}`, {
        what: 'Mastodon: read the status counts',
      });
      const s = objectAnswer(res.json, 'Mastodon: the status');
      out[p.platformPostId] = {
        likes: count(s.favourites_count),
        comments: count(s.replies_count),
        shares: count(s.reblogs_count) + count(s.quotes_count),
      };
    } catch (err) {
      // A deleted status is left out, as the contract of postMetrics says.
      if (err instanceof PlatformError && err.status === 404) continue;
      throw err;
    }
  }
  return out;
}

async function accountStats(a: AccountEnv): Promise<AccountStats> {
  const res = await instanceCall(targetOf(a), '/api/v1/accounts/verify_credentials', {
    what: 'Mastodon: read the account counts',
  });
  const me = objectAnswer(res.json, 'Mastodon: the account');
  return {
    followers: count(me.followers_count),
    following: count(me.following_count),
    posts: count(me.statuses_count),
  };
}

export const mastodonAnalytics: PlatformAnalytics = {
  postMetrics,
  accountStats,
  historyGaps:
    'Mastodon counts no views, impressions or reach, so its history has followers, following and statuses, and favourites, replies and boosts per status.',
};
