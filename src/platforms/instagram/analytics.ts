/**
 * Instagram analytics (Instagram API with Instagram Login, `GET /{id}/insights`):
 *
 * - post metrics: one media's reach, views, likes, comments, saved and shares
 *   (one call per post: Instagram has no batch read of media insights); code 10
 *   (fewer than 5 viewers) makes that post's metrics unavailable, not the batch;
 * - demographics: one call per breakdown (Instagram answers one breakdown group
 *   per call), the entries sorted by value, at most the 45 Instagram gives;
 * - account insights: the range walked in windows of at most 30 days (Instagram
 *   refuses longer ones; ours may span 90), totals, daily values and breakdown
 *   results added up over the windows.
 */
import type {
  AccountInsights,
  AccountInsightsQuery,
  DemographicBreakdown,
  Demographics,
  DemographicsQuery,
  InsightBreakdown,
  InsightValue,
  PlatformAnalytics,
  PostMetricsBatch,
  PublishedRef,
} from '../analytics-types.ts';
import { PlatformError } from '../contract.ts';
import type { AccountEnv } from '../module.ts';
import { analyticsCall, count } from '../shared/analytics-call.ts';
import { arr, pick, str } from '../shared/json.ts';
import { GRAPH_VERSION, versionedBase } from '../shared/meta.ts';
import { isStory, storyInsightsExpired, storyInsightsGone } from '../shared/story-insights.ts';
import { INSTAGRAM_HISTORY_GAPS, instagramAccountStats } from './account-stats.ts';
import { readInstagramError } from './errors.ts';

const DAY_MS = 86_400_000;
/** Instagram's longest since–until span for account metrics. */
const WINDOW_DAYS = 30;
const MEDIA_METRICS = 'reach,views,likes,comments,saved,shares';

const insightsUrl = ({ env }: AccountEnv, id: string) =>
  `${versionedBase(env.url('api', ''), GRAPH_VERSION)}/${encodeURIComponent(id)}/insights`;

const read = (a: AccountEnv, id: string, query: Record<string, string | undefined>) =>
  analyticsCall(a.env, insightsUrl(a, id), {
    bearer: a.account.accessToken,
    query,
    readError: readInstagramError,
  });

/** `{name: value}` of a media insights answer (`data[].values[0].value`). */
function mediaValues(answer: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of arr(answer, 'data')) {
    const name = str(d, 'name');
    if (name) out[name] = count(pick(d, 'values', 0, 'value') ?? pick(d, 'total_value', 'value'));
  }
  return out;
}

async function postMetrics(a: AccountEnv, posts: readonly PublishedRef[]): Promise<PostMetricsBatch> {
  const out: PostMetricsBatch = {};
  for (const ref of posts) {
    const id = ref.platformPostId;
    // A Story's insights last 24 h: not asked for after that, and the answer says why.
    if (storyInsightsExpired(ref)) {
      out[id] = { unavailable: storyInsightsGone('Instagram') };
      continue;
    }
    try {
      const v = mediaValues(await read(a, id, { metric: MEDIA_METRICS }));
      out[id] = {
        reach: v.reach ?? 0,
        views: v.views ?? 0,
        likes: v.likes ?? 0,
        comments: v.comments ?? 0,
        saves: v.saved ?? 0,
        shares: v.shares ?? 0,
      };
    } catch (err) {
      // Code 10: too few viewers for insights; 100/33: the media is gone. Only this post lacks metrics.
      if (err instanceof PlatformError && (err.platformCode === '10' || err.platformCode === '100/33'))
        out[id] = { unavailable: isStory(ref) ? storyInsightsGone('Instagram', err.message) : err.message };
      else throw err;
    }
  }
  return out;
}

async function demographics(a: AccountEnv, q: DemographicsQuery): Promise<Demographics> {
  const out: Demographics = {};
  for (const breakdown of q.breakdowns) {
    const answer = await read(a, a.account.platformUserId, {
      metric: q.metric,
      period: 'lifetime',
      metric_type: 'total_value',
      timeframe: q.timeframe,
      breakdown,
    });
    const results = arr(pick(answer, 'data', 0, 'total_value', 'breakdowns', 0) ?? {}, 'results');
    out[breakdown as DemographicBreakdown] = results
      .map((r) => ({
        // The first dimension is the timeframe; the last is the breakdown's value.
        dimension: String(arr(r, 'dimension_values').at(-1) ?? ''),
        value: count(pick(r, 'value')),
      }))
      .sort((x, y) => y.value - x.value)
      .slice(0, 45);
  }
  return out;
}

/** [since, until) windows of at most 30 days covering the inclusive dates, as unix seconds. */
export function windowsOf(since: string, until: string): { since: number; until: number }[] {
  const start = Date.parse(`${since}T00:00:00Z`);
  const end = Date.parse(`${until}T00:00:00Z`) + DAY_MS;
  const out: { since: number; until: number }[] = [];
  for (let t = start; t < end; t += WINDOW_DAYS * DAY_MS)
    out.push({ since: t / 1000, until: Math.min(end, t + WINDOW_DAYS * DAY_MS) / 1000 });
  return out;
}

const empty = (): InsightValue => ({ total: 0, values: [], breakdowns: [] });

function addBreakdowns(into: InsightBreakdown[], from: unknown[]): void {
  for (const b of from) {
    const keys = arr(b, 'dimension_keys').map(String);
    let target = into.find((x) => x.dimensionKeys.join() === keys.join());
    if (!target) {
      target = { dimensionKeys: keys, results: [] };
      into.push(target);
    }
    for (const r of arr(b, 'results')) {
      const values = arr(r, 'dimension_values').map(String);
      const found = target.results.find((x) => x.dimensionValues.join() === values.join());
      if (found) found.value += count(pick(r, 'value'));
      else target.results.push({ dimensionValues: values, value: count(pick(r, 'value')) });
    }
  }
}

async function accountInsights(a: AccountEnv, q: AccountInsightsQuery): Promise<AccountInsights> {
  const out: AccountInsights = {};
  for (const m of q.metrics) out[m] = empty();
  for (const w of windowsOf(q.since, q.until)) {
    const answer = await read(a, a.account.platformUserId, {
      metric: q.metrics.join(','),
      period: 'day',
      metric_type: q.metricType,
      since: String(w.since),
      until: String(w.until),
      breakdown: q.breakdown,
    });
    for (const d of arr(answer, 'data')) {
      const v = out[str(d, 'name') as keyof AccountInsights];
      if (!v) continue;
      if (q.metricType === 'time_series') {
        for (const p of arr(d, 'values')) {
          // end_time is the end of the day counted: the day is the one before it.
          const end = Date.parse(String(pick(p, 'end_time') ?? '').replace(/\+0000$/, 'Z'));
          if (!Number.isFinite(end)) continue;
          const value = count(pick(p, 'value'));
          v.values.push({ date: new Date(end - 1).toISOString().slice(0, 10), value });
          v.total += value;
        }
      } else {
        v.total += count(pick(d, 'total_value', 'value'));
        addBreakdowns(v.breakdowns, arr(pick(d, 'total_value'), 'breakdowns'));
      }
    }
  }
  return out;
}

export const instagramAnalytics: PlatformAnalytics = {
  postMetrics,
  demographics,
  accountInsights,
  accountStats: instagramAccountStats,
  historyGaps: INSTAGRAM_HISTORY_GAPS,
};
