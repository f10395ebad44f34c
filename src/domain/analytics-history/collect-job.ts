/**
 * The history's two job kinds. `analytics_snapshot_sweep` (recurring, every five
 * minutes) gives every connected account a collection row (a new account is due
 * at once, so it is collected within minutes of connecting), hands each due
 * account to an `analytics_collect_account` job, and removes snapshots older than
 * ANALYTICS_RETENTION_DAYS in bounded chunks. The per-account jobs share the
 * runner's per-platform and per-account limits with publishing, so collection
 * never crowds out a post or breaks a platform's rate limit.
 */
import type { AppContext } from '../../context.ts';
import { defineJobKind } from '../../jobs/catalog.ts';
import { jobRow, wakeJobRunners } from '../../jobs/enqueue.ts';
import { defineRecurringJob } from '../../jobs/recurring.ts';
import { collectAccount } from './collect.ts';

const SWEEP_EVERY_MS = 5 * 60_000;
/** Accounts handed out per sweep; the rest wait for the next one. */
const HAND_OUT = 1000;
/** A handed-out account is not handed out again for this long (its job sets the real next time). */
const HANDED_OUT_FOR_MS = 30 * 60_000;
const DELETE_CHUNK = 1000;

export interface CollectAccountPayload {
  integrationId: string;
  platform: string;
}

export const collectAccountJob = defineJobKind<CollectAccountPayload>({
  kind: 'analytics_collect_account',
  retry: { maxAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 600_000 },
  timeoutMs: 120_000,
  concurrency: (p) => ({ platform: p.platform, account: p.integrationId }),
  run: async (job, ctx) => {
    await collectAccount(ctx, job.payload.integrationId);
    return undefined;
  },
});

/** Gives accounts without a collection row one, due now. */
export async function enrolNewAccounts(ctx: AppContext): Promise<number> {
  const now = ctx.now().getTime();
  const fresh = await ctx.store.db
    .selectFrom('integrations')
    .leftJoin('analytics_collection', 'analytics_collection.integration_id', 'integrations.id')
    .select(['integrations.id', 'integrations.project_id', 'integrations.platform'])
    .where('analytics_collection.integration_id', 'is', null)
    .limit(HAND_OUT)
    .execute();
  if (fresh.length === 0) return 0;
  await ctx.store.db
    .insertInto('analytics_collection')
    .values(
      fresh.map((r) => ({
        integration_id: r.id,
        project_id: r.project_id,
        platform: r.platform,
        next_at: now,
        account_due_at: now,
        last_at: null,
        last_error: null,
      })),
    )
    .onConflict((oc) => oc.column('integration_id').doNothing())
    .execute();
  return fresh.length;
}

/** Hands each due account to a collection job (one job per account at a time: its id is the account's). */
export async function handOutDueAccounts(ctx: AppContext): Promise<number> {
  const now = ctx.now().getTime();
  const due = await ctx.store.db
    .selectFrom('analytics_collection')
    .select(['integration_id', 'project_id', 'platform'])
    .where('next_at', '<=', now)
    .orderBy('next_at')
    .limit(HAND_OUT)
    .execute();
  if (due.length === 0) return 0;
  await ctx.store.db.transaction().execute(async (trx) => {
    for (let i = 0; i < due.length; i += 200) {
      const chunk = due.slice(i, i + 200);
      await trx
        .insertInto('jobs')
        .values(
          chunk.map((d) =>
            jobRow(
              {
                id: `anc_${d.integration_id}`,
                kind: collectAccountJob,
                projectId: d.project_id,
                payload: { integrationId: d.integration_id, platform: d.platform },
              },
              now,
            ),
          ),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .updateTable('analytics_collection')
        .set({ next_at: now + HANDED_OUT_FOR_MS })
        .where(
          'integration_id',
          'in',
          chunk.map((d) => d.integration_id),
        )
        .execute();
    }
  });
  wakeJobRunners(now);
  return due.length;
}

/** Removes snapshots older than the retention, a chunk at a time; answers how many went. */
export async function pruneHistory(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.ANALYTICS_RETENTION_DAYS * 86_400_000);
  const day = cutoff.toISOString().slice(0, 10);
  let removed = 0;
  // Project by project through the (project_id, day) index: `day < cutoff` alone leads no
  // index, and a scan of every account's every day (tens of GB at scale) each sweep would
  // crowd out the reads. The projects are walked in the index too, one seek each.
  for (let project = await nextSnapshotProject(ctx, null); project !== null; ) {
    const old = await ctx.store.db
      .selectFrom('account_snapshots')
      .select(['integration_id', 'day'])
      .where('project_id', '=', project)
      .where('day', '<', day)
      .limit(DELETE_CHUNK)
      .execute();
    for (const o of old)
      await ctx.store.db
        .deleteFrom('account_snapshots')
        .where('integration_id', '=', o.integration_id)
        .where('day', '=', o.day)
        .execute();
    removed += old.length;
    if (old.length < DELETE_CHUNK) project = await nextSnapshotProject(ctx, project);
  }
  for (;;) {
    const old = await ctx.store.db
      .selectFrom('target_snapshots')
      .select(['target_id'])
      .where('collected_at', '<', cutoff.toISOString())
      .limit(DELETE_CHUNK)
      .execute();
    if (old.length === 0) break;
    await ctx.store.db
      .deleteFrom('target_snapshots')
      .where(
        'target_id',
        'in',
        old.map((o) => o.target_id),
      )
      .where('collected_at', '<', cutoff.toISOString())
      .execute();
    removed += old.length;
    if (old.length < DELETE_CHUNK) break;
  }
  for (;;) {
    const old = await ctx.store.db
      .selectFrom('platform_spend')
      .select('id')
      .where('created_at', '<', cutoff.toISOString())
      .limit(DELETE_CHUNK)
      .execute();
    if (old.length === 0) break;
    await ctx.store.db
      .deleteFrom('platform_spend')
      .where(
        'id',
        'in',
        old.map((o) => o.id),
      )
      .execute();
    removed += old.length;
    if (old.length < DELETE_CHUNK) break;
  }
  return removed;
}

/** The first project after `after` (or the first of all) that has account snapshots. */
async function nextSnapshotProject(ctx: AppContext, after: string | null): Promise<string | null> {
  let q = ctx.store.db
    .selectFrom('account_snapshots')
    .select((eb) => eb.fn.min<string>('project_id').as('project'));
  if (after !== null) q = q.where('project_id', '>', after);
  return (await q.executeTakeFirst())?.project ?? null;
}

export async function sweepHistory(
  ctx: AppContext,
): Promise<{ enrolled: number; handedOut: number; pruned: number }> {
  const enrolled = await enrolNewAccounts(ctx);
  const handedOut = await handOutDueAccounts(ctx);
  const pruned = await pruneHistory(ctx);
  return { enrolled, handedOut, pruned };
}

export const analyticsSnapshotSweepJob = defineRecurringJob({
  kind: 'analytics_snapshot_sweep',
  timeoutMs: 120_000,
  everyMs: () => SWEEP_EVERY_MS,
  firstRunAfterMs: () => 30_000,
  run: async (ctx) => {
    await sweepHistory(ctx);
  },
});

/**
 * `cli analytics collect`: collects now, in this process, every connected account
 * of the project (or the one account), whatever its next time; answers per outcome.
 */
export async function collectNow(
  ctx: AppContext,
  scope: { projectId?: string | undefined; integrationId?: string | undefined },
): Promise<Record<string, number> & { accounts: number; targets: number }> {
  await enrolNewAccounts(ctx);
  let q = ctx.store.db.selectFrom('analytics_collection').select('integration_id').orderBy('integration_id');
  if (scope.projectId) q = q.where('project_id', '=', scope.projectId);
  if (scope.integrationId) q = q.where('integration_id', '=', scope.integrationId);
  const ids = (await q.execute()).map((r) => r.integration_id);
  const out: Record<string, number> & { accounts: number; targets: number } = {
    accounts: ids.length,
    targets: 0,
  };
  const now = ctx.now().getTime();
  for (const id of ids) {
    await ctx.store.db
      .updateTable('analytics_collection')
      .set({ account_due_at: now, next_at: now })
      .where('integration_id', '=', id)
      .execute();
    const r = await collectAccount(ctx, id);
    out[r.account] = (out[r.account] ?? 0) + 1;
    out.targets += r.targets;
  }
  return out;
}
