/**
 * One account's collection: its daily snapshot of counts (when due) through its
 * platform module's `accountStats`, and the due age snapshots of its published
 * targets through `postMetrics`, in as few calls as the platform allows. An
 * account that needs reconnecting is skipped (and looked at again a period later);
 * a platform's refusal is kept as the account's last error and the next run tries
 * again. Runs again after a crash without harm: every row has its natural key.
 */
import type { AppContext } from '../../context.ts';
import type { AccountStats, PostMetrics, PostMetricsBatch } from '../../platforms/analytics-types.ts';
import { isPlatform, type Platform } from '../../platforms/names.ts';
import { withIntegration } from '../integrations/with-credentials.ts';
import { recordReadSpend } from '../platform-spend/ledger.ts';
import { dueAge, LAST_AGE_MS, nextAgeAt } from './ages.ts';
import { SNAPSHOT_METRICS } from './history.ts';

/** The period between two account snapshots, with ±10 % spread so accounts drift apart over days. */
export function accountPeriodMs(ctx: AppContext, random: () => number = Math.random): number {
  const period = ctx.config.ANALYTICS_SNAPSHOT_HOURS * 3_600_000;
  return Math.round(period * (0.9 + 0.2 * random()));
}

export interface CollectOutcome {
  account: 'collected' | 'not_due' | 'unsupported' | 'paused' | 'failed' | 'gone';
  targets: number;
  error?: string;
}

export async function collectAccount(ctx: AppContext, integrationId: string): Promise<CollectOutcome> {
  const db = ctx.store.db;
  const row = await db
    .selectFrom('integrations')
    .select(['id', 'project_id', 'platform', 'auth_status'])
    .where('id', '=', integrationId)
    .executeTakeFirst();
  const nowMs = ctx.now().getTime();
  if (!row || !isPlatform(row.platform)) {
    await db.deleteFrom('analytics_collection').where('integration_id', '=', integrationId).execute();
    return { account: 'gone', targets: 0 };
  }
  const state = await db
    .selectFrom('analytics_collection')
    .select(['account_due_at'])
    .where('integration_id', '=', integrationId)
    .executeTakeFirst();
  const platform = row.platform;
  if (row.auth_status !== 'active') {
    await saveState(
      ctx,
      row,
      { next: nowMs + accountPeriodMs(ctx), accountDue: state?.account_due_at ?? nowMs },
      'The account needs reconnecting; its history is paused until it is connected again',
    );
    return { account: 'paused', targets: 0 };
  }
  const analytics = ctx.platforms[platform].analytics;
  const errors: string[] = [];
  let account: CollectOutcome['account'] = 'not_due';
  let accountDue = state?.account_due_at ?? nowMs;
  if (accountDue <= nowMs) {
    if (!analytics?.accountStats) account = 'unsupported';
    else {
      try {
        const stats = await withIntegration(ctx, row.project_id, integrationId, platform, (a) =>
          (analytics.accountStats as NonNullable<typeof analytics.accountStats>)(a),
        );
        // No counts at all: this kind of account has none on its platform (a LinkedIn member), nothing was asked.
        if (Object.keys(stats).length === 0) account = 'unsupported';
        else {
          await writeAccountSnapshot(ctx, row, stats);
          await recordReadSpend(ctx, {
            projectId: row.project_id,
            integrationId,
            platform,
            kind: ctx.platforms[platform].spend?.reads?.accountStats,
            count: 1,
          });
          account = 'collected';
        }
      } catch (err) {
        account = 'failed';
        errors.push(err instanceof Error ? err.message : String(err));
      }
    }
    accountDue = nowMs + accountPeriodMs(ctx);
  }
  const targets = await collectTargets(ctx, row.project_id, integrationId, platform, nowMs).catch((err) => {
    errors.push(err instanceof Error ? err.message : String(err));
    return { taken: 0, nextAt: null };
  });
  const next = Math.min(accountDue, targets.nextAt ?? Number.POSITIVE_INFINITY);
  await saveState(ctx, row, { next, accountDue }, errors.length ? errors.join('; ') : null);
  return { account, targets: targets.taken, ...(errors.length ? { error: errors.join('; ') } : {}) };
}

async function writeAccountSnapshot(
  ctx: AppContext,
  row: { id: string; project_id: string; platform: string },
  stats: AccountStats,
): Promise<void> {
  const now = ctx.now();
  const values = {
    followers: stats.followers ?? null,
    following: stats.following ?? null,
    posts: stats.posts ?? null,
    impressions: stats.impressions ?? null,
    views: stats.views ?? null,
    reach: stats.reach ?? null,
    collected_at: now.toISOString(),
  };
  await ctx.store.db
    .insertInto('account_snapshots')
    .values({
      integration_id: row.id,
      day: now.toISOString().slice(0, 10),
      project_id: row.project_id,
      platform: row.platform,
      ...values,
    })
    .onConflict((oc) => oc.columns(['integration_id', 'day']).doUpdateSet(values))
    .execute();
}

/** Reads and stores the due age snapshots of the account's recent published targets. */
async function collectTargets(
  ctx: AppContext,
  projectId: string,
  integrationId: string,
  platform: Platform,
  nowMs: number,
): Promise<{ taken: number; nextAt: number | null }> {
  const db = ctx.store.db;
  const since = new Date(nowMs - LAST_AGE_MS - 86_400_000).toISOString();
  const targets = await db
    .selectFrom('post_targets')
    .select(['id', 'post_id', 'platform_post_id', 'published_at', 'platform_specific_data'])
    .where('integration_id', '=', integrationId)
    .where('project_id', '=', projectId)
    .where('status', '=', 'published')
    .where('published_at', '>=', since)
    .where('platform_post_id', 'is not', null)
    .execute();
  if (targets.length === 0) return { taken: 0, nextAt: null };
  const recorded = new Map<string, number>();
  for (let i = 0; i < targets.length; i += 500) {
    const ids = targets.slice(i, i + 500).map((t) => t.id);
    const rows = await db
      .selectFrom('target_snapshots')
      .select((eb) => ['target_id', eb.fn.max<number>('age_hours').as('age')])
      .where('target_id', 'in', ids)
      .groupBy('target_id')
      .execute();
    for (const r of rows) recorded.set(r.target_id, Number(r.age));
  }
  const due: { t: (typeof targets)[number]; age: number }[] = [];
  let nextAt: number | null = null;
  for (const t of targets) {
    const published = Date.parse(t.published_at ?? '');
    if (!Number.isFinite(published)) continue;
    const max = recorded.get(t.id) ?? 0;
    const age = dueAge(published, max, nowMs);
    if (age !== null) due.push({ t, age });
    const after = nextAgeAt(published, age ?? max, nowMs);
    if (after !== null) nextAt = Math.min(nextAt ?? after, after);
  }
  const read = ctx.platforms[platform].analytics?.postMetrics;
  if (due.length === 0 || !read) return { taken: 0, nextAt };
  const batch: PostMetricsBatch = await withIntegration(ctx, projectId, integrationId, platform, (a) =>
    read(
      a,
      due.map(({ t }) => ({
        platformPostId: t.platform_post_id as string,
        publishedAt: t.published_at,
        platformSpecificData: JSON.parse(t.platform_specific_data) as Record<string, unknown>,
      })),
    ),
  );
  await recordReadSpend(ctx, {
    projectId,
    integrationId,
    platform,
    kind: ctx.platforms[platform].spend?.reads?.postMetrics,
    count: due.length,
  });
  const at = new Date(nowMs).toISOString();
  const rows = due.flatMap(({ t, age }) => {
    const got = batch[t.platform_post_id as string];
    if (!got || 'unavailable' in got) return [];
    const m = got as PostMetrics;
    const metrics = Object.fromEntries(SNAPSHOT_METRICS.map((k) => [k, m[k] ?? null])) as Record<
      (typeof SNAPSHOT_METRICS)[number],
      number | null
    >;
    return [
      {
        target_id: t.id,
        age_hours: age,
        project_id: projectId,
        post_id: t.post_id,
        integration_id: integrationId,
        platform,
        published_at: t.published_at as string,
        ...metrics,
        collected_at: at,
      },
    ];
  });
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('target_snapshots')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['target_id', 'age_hours']).doNothing())
      .execute();
  return { taken: rows.length, nextAt };
}

async function saveState(
  ctx: AppContext,
  row: { id: string; project_id: string; platform: string },
  when: { next: number; accountDue: number },
  error: string | null,
): Promise<void> {
  const values = {
    next_at: when.next,
    account_due_at: when.accountDue,
    last_at: ctx.now().toISOString(),
    last_error: error,
  };
  await ctx.store.db
    .insertInto('analytics_collection')
    .values({ integration_id: row.id, project_id: row.project_id, platform: row.platform, ...values })
    .onConflict((oc) => oc.column('integration_id').doUpdateSet(values))
    .execute();
}
