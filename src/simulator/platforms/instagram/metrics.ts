/**
 * Instagram insights on the simulator, `GET /{id}/insights` (any Graph version):
 *
 * - for the token's account: account metrics by day (`period=day`,
 *   `metric_type=total_value` with at most one breakdown, or `time_series` for
 *   reach only), over at most 30 days between `since` and `until` (unix seconds),
 *   the platform's own refusal beyond; and the demographics (`period=lifetime`,
 *   `timeframe` this_week or this_month, one `breakdown` of age, city, country,
 *   gender), at most 45 entries per dimension, refused without 100 followers
 *   (engagements, reached accounts) as Instagram does;
 * - for one of its media: the post's reach, views, likes, comments, saved, shares
 *   and total_interactions, refused with code 10 below 5 views.
 * Numbers come from _shared/metrics.ts (stable per post, account and day).
 */
import { INSIGHT_BREAKDOWNS } from '../../../facts/instagram-insights.ts';
import type { SimAccount } from '../../core/types.ts';
import {
  allParams,
  authOf,
  json,
  type SimRequest,
  type SimResponse,
  type SimRouter,
  type Simulator,
} from '../../index.ts';
import { metaError } from '../_shared/meta.ts';
import { audienceOf, dailyValue, postMetrics, seedOf } from '../_shared/metrics.ts';

const DAY_MS = 86_400_000;
const MAX_RANGE_S = 30 * 86_400;
/** Breakdowns each account metric accepts (src/facts/instagram-insights.ts), by any name asked. */
const ACCOUNT_METRICS: Readonly<Record<string, readonly string[]>> = INSIGHT_BREAKDOWNS;

/** Instagram returns the top 45 entries of a demographic dimension only. */
export const DEMOGRAPHIC_CAP = 45;

const BREAKDOWN_VALUES: Record<string, readonly string[]> = {
  media_product_type: ['FEED', 'REELS', 'STORY', 'AD'],
  follow_type: ['FOLLOWER', 'NON_FOLLOWER', 'UNKNOWN'],
  follower_type: ['FOLLOWER', 'NON_FOLLOWER'],
  contact_button_type: ['BOOK_NOW', 'CALL', 'DIRECTION', 'EMAIL', 'TEXT'],
};

const COUNTRIES =
  'US,BR,IN,ID,MX,TR,JP,GB,DE,FR,IT,ES,AR,CO,PH,TH,VN,EG,NG,ZA,KR,CA,AU,PL,NL,BE,SE,NO,DK,FI,PT,GR,CZ,HU,RO,CL,PE,VE,MA,DZ,SA,AE,IL,PK,BD,MY,SG,NZ,IE,AT,CH,UA,KZ,KE,GH'.split(
    ',',
  );
const CITIES = Array.from({ length: 60 }, (_, i) => `Sim City ${i + 1}, Region ${(i % 7) + 1}`);
const DIMENSIONS: Record<string, readonly string[]> = {
  age: ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'],
  gender: ['F', 'M', 'U'],
  country: COUNTRIES,
  city: CITIES,
};
const DEMOGRAPHICS: Record<string, { audience: 'followers' | 'engaged' | 'reached'; what: string }> = {
  follower_demographics: { audience: 'followers', what: 'followers' },
  engaged_audience_demographics: { audience: 'engaged', what: 'engaged accounts' },
  reached_audience_demographics: { audience: 'reached', what: 'reached accounts' },
};
const MEDIA_METRICS: Record<string, (m: ReturnType<typeof postMetrics>) => number> = {
  reach: (m) => m.reach,
  views: (m) => m.views,
  likes: (m) => m.likes,
  comments: (m) => m.comments,
  saved: (m) => m.saves,
  shares: (m) => m.shares,
  total_interactions: (m) => m.likes + m.comments + m.saves + m.shares,
};

const bad = (message: string, code = 100) =>
  metaError({ message: `(#${code}) ${message}`, code, error_user_msg: message });

/** `total` split over `keys` by stable weights (whole numbers, summing to `total`). */
function split(total: number, keys: readonly string[], seed: string): { key: string; value: number }[] {
  const weights = keys.map((k, i) => (seedOf(`${seed}:${k}`) % 100) + 1 + (keys.length - i) * 3);
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  parts[0] = (parts[0] ?? 0) + total - parts.reduce((a, b) => a + b, 0);
  return keys.map((key, i) => ({ key, value: parts[i] ?? 0 }));
}

function demographics(account: SimAccount, sim: Simulator, q: Record<string, string>): SimResponse {
  const metric = q.metric ?? '';
  const kind = DEMOGRAPHICS[metric];
  if (!kind) return bad(`metric ${metric} is not a demographics metric`);
  const timeframe = (q.timeframe ?? '').toLowerCase();
  if (timeframe !== 'this_week' && timeframe !== 'this_month')
    return bad('timeframe must be one of this_week, this_month for demographics metrics');
  const breakdown = q.breakdown ?? '';
  const values = DIMENSIONS[breakdown];
  if (!values) return bad('breakdown must be one of age, city, country, gender for demographics metrics');
  const size = audienceOf(sim, 'instagram', account.id)[kind.audience];
  if (size < 100)
    return bad(
      `Not enough ${kind.what} to show demographics: the account needs at least 100 (it has ${size}).`,
    );
  const share = timeframe === 'this_week' ? Math.floor(size / 3) : size;
  const results = split(share, values, `${account.id}:${metric}:${breakdown}`)
    .sort((a, b) => b.value - a.value)
    .slice(0, DEMOGRAPHIC_CAP)
    .map((r) => ({ dimension_values: [timeframe.toUpperCase(), r.key], value: r.value }));
  return json(200, {
    data: [
      {
        name: metric,
        period: 'lifetime',
        title: metric,
        total_value: { breakdowns: [{ dimension_keys: ['timeframe', breakdown], results }] },
        id: `${account.id}/insights/${metric}/lifetime`,
      },
    ],
  });
}

function accountInsights(account: SimAccount, sim: Simulator, q: Record<string, string>): SimResponse {
  const metrics = (q.metric ?? '').split(',').filter(Boolean);
  if (metrics.length === 0) return bad('The parameter metric is required');
  for (const m of metrics)
    if (!(m in ACCOUNT_METRICS))
      return bad(`metric[0] must be one of the following values: ${Object.keys(ACCOUNT_METRICS).join(', ')}`);
  if ((q.period ?? 'day') !== 'day') return bad('period must be day for these metrics');
  const type = q.metric_type ?? 'time_series';
  if (type === 'time_series') {
    const others = metrics.filter((m) => m !== 'reach');
    if (others.length)
      return bad(
        `The following metrics (${others.join(', ')}) should be specified with parameter metric_type=total_value`,
      );
  } else if (type !== 'total_value') return bad('metric_type must be total_value or time_series');
  const breakdown = q.breakdown;
  if (breakdown !== undefined) {
    // What Instagram answers when a metric in the call has no such breakdown.
    if (type !== 'total_value' || metrics.some((m) => !ACCOUNT_METRICS[m]?.includes(breakdown)))
      return metaError({ message: 'An unknown error has occurred.', code: 1, is_transient: false });
  }
  const now = Math.floor(sim.clock.now() / 1000);
  const until = q.until ? Number(q.until) : now;
  const since = q.since ? Number(q.since) : until - 86_400;
  if (!Number.isFinite(since) || !Number.isFinite(until) || since > until)
    return bad('since and until must be unix times, since before until');
  if (until - since > MAX_RANGE_S)
    return bad('There cannot be more than 30 days (2592000 s) between since and until');
  const firstDay = Math.floor((since * 1000) / DAY_MS);
  const days = Array.from(
    { length: Math.max(1, Math.ceil((until - since) / 86_400)) },
    (_, i) => firstDay + i,
  );
  const fewFollowers = audienceOf(sim, 'instagram', account.id).followers < 100;
  const data = metrics
    // Instagram leaves follows_and_unfollows out below 100 followers.
    .filter((m) => !(m === 'follows_and_unfollows' && fewFollowers))
    .map((name) => {
      const perDay = days.map((d) => ({ d, value: dailyValue(account.id, name, d) }));
      const base = { name, period: 'day', title: name, id: `${account.id}/insights/${name}/day` };
      if (type === 'time_series')
        return {
          ...base,
          values: perDay.map((p) => ({
            value: p.value,
            end_time: new Date((p.d + 1) * DAY_MS).toISOString().replace(/\.\d+Z$/, '+0000'),
          })),
        };
      const value = perDay.reduce((n, p) => n + p.value, 0);
      const breakdowns = breakdown
        ? [
            {
              dimension_keys: [breakdown],
              results: split(
                value,
                BREAKDOWN_VALUES[breakdown] ?? [],
                `${account.id}:${name}:${firstDay}`,
              ).map((r) => ({ dimension_values: [r.key], value: r.value })),
            },
          ]
        : undefined;
      return { ...base, total_value: { value, ...(breakdowns ? { breakdowns } : {}) } };
    });
  return json(200, { data });
}

function mediaInsights(req: SimRequest, sim: Simulator, id: string): SimResponse {
  const account = authOf(req).account;
  const post = sim.state.getPost('instagram', id);
  if (!post || post.deleted)
    return metaError({
      message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      code: 100,
      error_subcode: 33,
    });
  if (post.accountId !== account.id)
    return metaError({ message: '(#10) Application does not have permission for this action', code: 10 });
  const m = postMetrics(sim, post);
  if (m.views < 5)
    return metaError({ message: '(#10) Not enough viewers for the media to show insights', code: 10 });
  const names = (allParams(req).metric ?? '').split(',').filter(Boolean);
  const unknown = names.find((n) => !(n in MEDIA_METRICS));
  if (names.length === 0 || unknown)
    return bad(`metric[0] must be one of the following values: ${Object.keys(MEDIA_METRICS).join(', ')}`);
  return json(200, {
    data: names.map((name) => ({
      name,
      period: 'lifetime',
      values: [{ value: MEDIA_METRICS[name]?.(m) ?? 0 }],
      title: name,
      id: `${id}/insights/${name}/lifetime`,
    })),
  });
}

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/:version/:id/insights',
    (req) => {
      const account = authOf(req).account;
      const id = req.params.id ?? '';
      if (id !== 'me' && id !== account.id) return mediaInsights(req, sim, id);
      const q = allParams(req);
      return q.period === 'lifetime' || (q.metric ?? '').endsWith('_demographics')
        ? demographics(account, sim, q)
        : accountInsights(account, sim, q);
    },
    { auth: true },
  );
};
