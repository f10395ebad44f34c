/**
 * Reads of the analytics history: answered from the snapshots the collection
 * job stored, so they cost no credit and never wait for a platform.
 */
import type { AppContext } from '../../context.ts';
import { invalid, notFound } from '../../errors.ts';
import {
  ACCOUNT_STAT_NAMES,
  type AccountStatName,
  POST_METRIC_NAMES,
} from '../../platforms/analytics-types.ts';
import { isPlatform } from '../../platforms/names.ts';
import { engagementOf } from '../analytics/metric-values.ts';
import { findIntegrationRow } from '../integrations/integrations.ts';
import { type ProjectReach, postReached, projectOf } from '../teams/reach.ts';

export const MAX_HISTORY_DAYS = 731;
const DAY_MS = 86_400_000;

/** The metric columns of a target snapshot: the platform modules' post metric names. */
export const SNAPSHOT_METRICS = POST_METRIC_NAMES;
export type SnapshotMetric = (typeof SNAPSHOT_METRICS)[number];

/** A from/to pair of YYYY-MM-DD days (default: the last 30 days up to today), checked. */
export function dayRange(
  ctx: AppContext,
  from: string | undefined,
  to: string | undefined,
  defaultDays = 30,
): { from: string; to: string; days: number } {
  const today = ctx.now().toISOString().slice(0, 10);
  const end = to ?? today;
  const start = from ?? new Date(Date.parse(end) - (defaultDays - 1) * DAY_MS).toISOString().slice(0, 10);
  const days = Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1;
  if (!Number.isFinite(days) || days < 1) throw invalid(`from (${start}) must not be after to (${end})`);
  if (days > MAX_HISTORY_DAYS)
    throw invalid(`from and to span ${days} days; at most ${MAX_HISTORY_DAYS} can be read at once`);
  return { from: start, to: end, days };
}

export interface AccountHistory {
  integrationId: string;
  platform: string;
  from: string;
  to: string;
  metrics: AccountStatName[];
  /** One entry per day that has a snapshot, oldest first; null where the platform does not count a metric. */
  days: ({ date: string } & Partial<Record<AccountStatName, number | null>>)[];
  /** What this platform's API can not give the history, in a sentence. */
  limits: string;
  lastCollectedAt: string | null;
  lastError: string | null;
}

export async function accountHistory(
  ctx: AppContext,
  reach: ProjectReach,
  integrationId: string,
  q: { from?: string | undefined; to?: string | undefined; metrics?: string | undefined },
): Promise<AccountHistory> {
  const range = dayRange(ctx, q.from, q.to);
  const metrics = parseMetrics(q.metrics);
  // The three reads at once (one round trip's wait, not three): the snapshots and the
  // collection state are keyed by the integration's id, and nothing of them is answered
  // unless the integration is the caller's (findIntegrationRow refuses otherwise).
  const [integration, rows, state] = await Promise.all([
    findIntegrationRow(ctx, reach, integrationId),
    ctx.store.db
      .selectFrom('account_snapshots')
      .select(['day', ...metrics])
      .where('integration_id', '=', integrationId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .orderBy('day')
      .execute(),
    ctx.store.db
      .selectFrom('analytics_collection')
      .select(['last_at', 'last_error'])
      .where('integration_id', '=', integrationId)
      .executeTakeFirst(),
  ]);
  const platform = integration.platform;
  return {
    integrationId,
    platform,
    from: range.from,
    to: range.to,
    metrics,
    days: rows.map((r) => {
      const out: { date: string } & Partial<Record<AccountStatName, number | null>> = { date: r.day };
      for (const m of metrics) out[m] = (r as unknown as Record<string, number | null>)[m] ?? null;
      return out;
    }),
    limits: isPlatform(platform) ? (ctx.platforms[platform].analytics?.historyGaps ?? '') : '',
    lastCollectedAt: state?.last_at ?? null,
    lastError: state?.last_error ?? null,
  };
}

function parseMetrics(text: string | undefined): AccountStatName[] {
  if (!text) return [...ACCOUNT_STAT_NAMES];
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(ACCOUNT_STAT_NAMES as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw invalid(`metrics: ${unknown.join(', ')} unknown; choose from ${ACCOUNT_STAT_NAMES.join(', ')}`);
  return [...new Set(names)] as AccountStatName[];
}

export interface TargetHistory {
  targetId: string;
  platform: string;
  accountId: string;
  publishedAt: string;
  /** One entry per age snapshotted, youngest first. */
  snapshots: ({ ageHours: number; collectedAt: string; engagement: number | null } & Record<
    SnapshotMetric,
    number | null
  >)[];
}

export async function postHistory(
  ctx: AppContext,
  reach: ProjectReach,
  postId: string,
): Promise<{ postId: string; targets: TargetHistory[] }> {
  const projectId = projectOf(reach);
  // The post's check and its snapshots at once; the snapshots are answered only once the post is the caller's.
  const [post, reached, rows] = await Promise.all([
    ctx.store.db
      .selectFrom('posts')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', '=', postId)
      .executeTakeFirst(),
    postReached(ctx.store.db, reach, postId),
    ctx.store.db
      .selectFrom('target_snapshots')
      .selectAll()
      .where('post_id', '=', postId)
      .where('project_id', '=', projectId)
      .orderBy('target_id')
      .orderBy('age_hours')
      .execute(),
  ]);
  if (!post || !reached) throw notFound('Post');
  const byTarget = new Map<string, TargetHistory>();
  for (const r of rows) {
    let t = byTarget.get(r.target_id);
    if (!t) {
      t = {
        targetId: r.target_id,
        platform: r.platform,
        accountId: r.integration_id,
        publishedAt: r.published_at,
        snapshots: [],
      };
      byTarget.set(r.target_id, t);
    }
    const values = Object.fromEntries(SNAPSHOT_METRICS.map((m) => [m, r[m]])) as Record<
      SnapshotMetric,
      number | null
    >;
    t.snapshots.push({
      ageHours: r.age_hours,
      collectedAt: r.collected_at,
      engagement: engagementOf(values),
      ...values,
    });
  }
  return { postId, targets: [...byTarget.values()] };
}
