/**
 * The metrics of GET /v1/analytics/ as the contract's clients read them: always
 * the same nine keys, each a number or null (null when the platform, or no
 * platform of the post, counts it; never absent), per platform (`metrics`) and
 * summed over a post's platforms (`aggregated`).
 *
 * engagementRate = engagement / reach, where engagement is likes + comments +
 * shares + saves (those of them that are counted) and reach is the accounts
 * reached, or the impressions where reach is unknown. It lies between 0 and 1
 * (capped at 1: a platform can count more interactions than unique viewers) and
 * is null when there are no interactions counted or neither reach nor
 * impressions is known and above 0. A post's aggregated rate is the sum of the
 * engagement over the sum of the reach (or impressions) of its platforms that
 * count both, so a platform that counts only impressions and one that counts
 * reach are each set against their own base.
 */
import { POST_METRIC_NAMES, type PostMetricName, type PostMetrics } from '../../platforms/analytics-types.ts';

export const METRIC_KEYS = [
  'impressions',
  'reach',
  'likes',
  'comments',
  'shares',
  'saves',
  'clicks',
  'views',
  'engagementRate',
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];
export type MetricValues = Record<MetricKey, number | null>;

const ENGAGEMENT: readonly PostMetricName[] = ['likes', 'comments', 'shares', 'saves'];

/** likes + comments + shares + saves, of those counted; null when none is. */
export function engagementOf(m: Partial<Record<PostMetricName, number | null>>): number | null {
  const counted = ENGAGEMENT.map((k) => m[k]).filter((v): v is number => typeof v === 'number');
  return counted.length ? counted.reduce((a, b) => a + b, 0) : null;
}

type Counts = Partial<Record<PostMetricName, number | null>>;

/** The base of the rate: reach where it is counted and above 0, else impressions; null when neither. */
function baseOf(m: Counts): number | null {
  if (typeof m.reach === 'number' && m.reach > 0) return m.reach;
  return typeof m.impressions === 'number' && m.impressions > 0 ? m.impressions : null;
}

/** A ratio rounded to 4 decimals and capped at 1. */
const rate = (engagement: number, base: number) =>
  Math.min(1, Math.round((engagement / base) * 10_000) / 10_000);

/** engagement / reach (or impressions where reach is unknown), 0 to 1; null when it can not be said. */
export function engagementRateOf(m: Counts): number | null {
  const engagement = engagementOf(m);
  const base = baseOf(m);
  return engagement === null || base === null ? null : rate(engagement, base);
}

/** One platform's metrics with every key: what it does not count (or had no metrics at all) is null. */
export function metricValues(m: PostMetrics | null): MetricValues {
  const out = Object.fromEntries(METRIC_KEYS.map((k) => [k, null])) as MetricValues;
  if (!m) return out;
  for (const k of POST_METRIC_NAMES) {
    const v = m[k];
    if (typeof v === 'number') out[k] = v;
  }
  out.engagementRate = engagementRateOf(out);
  return out;
}

/** The sum per key over a post's platforms; a key no platform counts stays null. */
export function aggregateValues(list: readonly MetricValues[]): MetricValues {
  const out = Object.fromEntries(METRIC_KEYS.map((k) => [k, null])) as MetricValues;
  for (const m of list)
    for (const k of POST_METRIC_NAMES) {
      const v = m[k];
      if (typeof v === 'number') out[k] = (out[k] ?? 0) + v;
    }
  let engagement = 0;
  let base = 0;
  for (const m of list) {
    const e = engagementOf(m);
    const b = baseOf(m);
    if (e === null || b === null) continue;
    engagement += e;
    base += b;
  }
  out.engagementRate = base > 0 ? rate(engagement, base) : null;
  return out;
}
