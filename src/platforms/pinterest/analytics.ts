/**
 * Pinterest pin metrics: `GET /v5/pins/{pin_id}/analytics` with the summary of
 * IMPRESSION, SAVE, PIN_CLICK and OUTBOUND_CLICK from the pin's publication (or
 * the 90 days Pinterest keeps, whichever is shorter) to today, one call per pin.
 * A pin Pinterest no longer has (404) lacks metrics on its own.
 */
import type { PlatformAnalytics, PostMetricsBatch, PublishedRef } from '../analytics-types.ts';
import { PlatformError } from '../contract.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { obj } from '../shared/json.ts';
import { PINTEREST_HISTORY_GAPS, pinterestAccountStats } from './account-stats.ts';
import { readPinterestError } from './errors.ts';

/** Pinterest answers pin analytics for the last 90 days. */
const MAX_DAYS = 89;
const DAY_MS = 86_400_000;

async function postMetrics(
  { env, account }: AccountEnv,
  posts: readonly PublishedRef[],
): Promise<PostMetricsBatch> {
  const out: PostMetricsBatch = {};
  const now = env.now().getTime();
  const today = new Date(now).toISOString().slice(0, 10);
  const earliest = now - MAX_DAYS * DAY_MS;
  for (const { platformPostId: id, publishedAt } of posts) {
    const start = Math.max(earliest, Math.min(now, Date.parse(publishedAt ?? '') || earliest));
    try {
      const answer = await analyticsCall(
        env,
        env.url('api', `/v5/pins/${encodeURIComponent(id)}/analytics`),
        {
          bearer: account.accessToken,
          query: {
            start_date: new Date(start).toISOString().slice(0, 10),
            end_date: today,
            metric_types: 'IMPRESSION,SAVE,PIN_CLICK,OUTBOUND_CLICK',
          },
          readError: readPinterestError,
        },
      );
      const s = obj(obj(answer, 'all'), 'summary_metrics');
      out[id] = {
        impressions: count(s.IMPRESSION),
        saves: count(s.SAVE),
        clicks: count(s.PIN_CLICK) + count(s.OUTBOUND_CLICK),
      };
    } catch (err) {
      if (err instanceof PlatformError && err.status === 404) out[id] = { unavailable: err.message };
      else throw err;
    }
  }
  return out;
}

export const pinterestAnalytics: PlatformAnalytics = {
  postMetrics,
  accountStats: pinterestAccountStats,
  historyGaps: PINTEREST_HISTORY_GAPS,
};
