/**
 * The post metrics cache seen from a read: which targets' metrics are old and
 * should be refreshed, asking for that (rows, requested_at and one refresh job
 * per account, inside the caller's transaction), and waiting a bounded time for
 * the refreshes to finish.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { enqueueMany } from '../../jobs/enqueue.ts';
import { isPlatform } from '../../platforms/names.ts';
import type { Database } from '../../store/schema.ts';
import type { PostMetricsTable } from '../../store/tables/analytics.ts';
import { refreshPostMetricsJob } from './refresh-job.ts';

/** A published target as analytics reads it. */
export interface MetricsTarget {
  id: string;
  postId: string;
  platform: string;
  integrationId: string;
  platformPostId: string;
  platformPostUrl: string | null;
  publishedAt: string | null;
}

/** A refresh asked for longer ago than this without finishing is taken as lost and asked again. */
const LOST_REFRESH_MS = 120_000;
const TARGETS_PER_JOB = 100;
const POLL_MS = 50;

export async function cacheRows(
  ctx: AppContext,
  targetIds: readonly string[],
): Promise<Map<string, PostMetricsTable>> {
  const out = new Map<string, PostMetricsTable>();
  for (let i = 0; i < targetIds.length; i += 500) {
    const rows = await ctx.store.db
      .selectFrom('post_metrics')
      .selectAll()
      .where('target_id', 'in', targetIds.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.target_id, r);
  }
  return out;
}

const hasPostMetrics = (ctx: AppContext, platform: string) =>
  isPlatform(platform) && !!ctx.platforms[platform].analytics?.postMetrics;

/** Whether the cached metrics are older than ANALYTICS_MAX_AGE_SECONDS (or missing, or their refresh failed). */
export function isStale(ctx: AppContext, row: PostMetricsTable | undefined): boolean {
  if (!row?.fetched_at || row.last_error) return true;
  return ctx.now().getTime() - Date.parse(row.fetched_at) > ctx.config.ANALYTICS_MAX_AGE_SECONDS * 1000;
}

/** A refresh asked for and not finished yet (and not so old that it must have been lost). */
function inFlight(ctx: AppContext, row: PostMetricsTable | undefined): boolean {
  if (!row?.requested_at) return false;
  if (row.last_attempt_at && row.last_attempt_at >= row.requested_at) return false;
  return ctx.now().getTime() - Date.parse(row.requested_at) < LOST_REFRESH_MS;
}

/** The targets whose metrics should be fetched again now. */
export function dueForRefresh(
  ctx: AppContext,
  targets: readonly MetricsTarget[],
  rows: Map<string, PostMetricsTable>,
): MetricsTarget[] {
  return targets.filter(
    (t) => hasPostMetrics(ctx, t.platform) && isStale(ctx, rows.get(t.id)) && !inFlight(ctx, rows.get(t.id)),
  );
}

/** Marks the targets as asked for and enqueues one refresh per account, in `trx`; answers the time asked. */
export async function requestRefresh(
  trx: Transaction<Database>,
  ctx: AppContext,
  projectId: string,
  targets: readonly MetricsTarget[],
): Promise<string> {
  const now = ctx.now().toISOString();
  if (targets.length === 0) return now;
  for (let i = 0; i < targets.length; i += 500) {
    await trx
      .insertInto('post_metrics')
      .values(
        targets.slice(i, i + 500).map((t) => ({
          target_id: t.id,
          project_id: projectId,
          platform: t.platform,
          integration_id: t.integrationId,
          metrics: null,
          unavailable: null,
          fetched_at: null,
          last_error: null,
          last_attempt_at: null,
          requested_at: null,
        })),
      )
      .onConflict((oc) => oc.column('target_id').doNothing())
      .execute();
  }
  const ids = targets.map((t) => t.id);
  for (let i = 0; i < ids.length; i += 500)
    await trx
      .updateTable('post_metrics')
      .set({ requested_at: now })
      .where('target_id', 'in', ids.slice(i, i + 500))
      .execute();
  const byAccount = new Map<string, MetricsTarget[]>();
  for (const t of targets) byAccount.set(t.integrationId, [...(byAccount.get(t.integrationId) ?? []), t]);
  const jobs = [...byAccount.values()].flatMap((list) => {
    const out = [];
    for (let i = 0; i < list.length; i += TARGETS_PER_JOB) {
      const chunk = list.slice(i, i + TARGETS_PER_JOB);
      const first = chunk[0] as MetricsTarget;
      out.push({
        kind: refreshPostMetricsJob,
        projectId,
        payload: {
          integrationId: first.integrationId,
          platform: first.platform,
          targetIds: chunk.map((t) => t.id),
        },
      });
    }
    return out;
  });
  await enqueueMany(trx, jobs);
  return now;
}

/** Waits up to ANALYTICS_WAIT_MS for the refreshes asked at `requestedAt` to finish, well or not. */
export async function awaitRefresh(
  ctx: AppContext,
  targetIds: readonly string[],
  requestedAt: string,
): Promise<void> {
  if (targetIds.length === 0) return;
  const until = Date.now() + ctx.config.ANALYTICS_WAIT_MS;
  for (;;) {
    const rows = await cacheRows(ctx, targetIds);
    const open = targetIds.filter((id) => {
      const r = rows.get(id);
      return !r?.last_attempt_at || r.last_attempt_at < requestedAt;
    });
    if (open.length === 0 || Date.now() >= until) return;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
