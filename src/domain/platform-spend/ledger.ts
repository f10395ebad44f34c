/**
 * The spend ledger: one platform_spend row per paid call kind of a target (or of
 * an analytics read), beside the credit ledger. A target's publish is recorded
 * under the id `<targetId>:<callKind>`, so a job that runs again after a crash
 * records nothing twice.
 */
import type { AppContext } from '../../context.ts';
import { isPlatform, type Platform } from '../../platforms/names.ts';
import type { SpendTarget } from '../../platforms/spend-types.ts';
import { newId } from '../ids.ts';
import { monthOf, priceMicros, publishCost } from './prices.ts';

/** Records what publishing this target cost on its platform (nothing when the platform charges nothing). */
export async function recordPublishSpend(
  ctx: AppContext,
  t: { projectId: string; targetId: string; integrationId: string; platform: string; target: SpendTarget },
): Promise<void> {
  if (!isPlatform(t.platform) || !ctx.platforms[t.platform].spend) return;
  const { calls } = publishCost(ctx.config, ctx.platforms, t.platform, t.target);
  const now = ctx.now();
  const rows = Object.entries(calls)
    .map(([kind, n]) => ({
      id: `${t.targetId}:${kind}`,
      project_id: t.projectId,
      platform: t.platform,
      month: monthOf(now),
      call_kind: kind,
      integration_id: t.integrationId,
      target_id: t.targetId,
      amount_micros: n * priceMicros(ctx.config, ctx.platforms, t.platform as Platform, kind),
      created_at: now.toISOString(),
    }))
    .filter((r) => r.amount_micros > 0);
  if (rows.length === 0) return;
  await ctx.store.db
    .insertInto('platform_spend')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Records `count` analytics reads of `kind` (post metrics, account counts) made for an account. */
export async function recordReadSpend(
  ctx: AppContext,
  r: {
    projectId: string;
    integrationId: string;
    platform: Platform;
    kind: string | undefined;
    count: number;
  },
): Promise<void> {
  if (!r.kind || r.count <= 0) return;
  const unit = priceMicros(ctx.config, ctx.platforms, r.platform, r.kind);
  if (unit === 0) return;
  const now = ctx.now();
  await ctx.store.db
    .insertInto('platform_spend')
    .values({
      id: newId('spd', now.getTime()),
      project_id: r.projectId,
      platform: r.platform,
      month: monthOf(now),
      call_kind: r.kind,
      integration_id: r.integrationId,
      target_id: null,
      amount_micros: unit * r.count,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The project's spend on one platform in one month, in micros. */
export async function monthSpendMicros(
  ctx: AppContext,
  projectId: string,
  platform: string,
  month: string,
): Promise<number> {
  const row = await ctx.store.db
    .selectFrom('platform_spend')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_micros'), eb.lit(0)).as('total'))
    .where('project_id', '=', projectId)
    .where('platform', '=', platform)
    .where('month', '=', month)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Spend by platform and month (YYYY-MM, inclusive range), in micros. */
export async function spendByMonth(
  ctx: AppContext,
  projectId: string,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<{ platform: string; month: string; micros: number }[]> {
  let q = ctx.store.db
    .selectFrom('platform_spend')
    .select((eb) => ['platform', 'month', eb.fn.sum<number>('amount_micros').as('micros')])
    .where('project_id', '=', projectId)
    .groupBy(['platform', 'month'])
    .orderBy('month')
    .orderBy('platform');
  if (range.from) q = q.where('month', '>=', range.from);
  if (range.to) q = q.where('month', '<=', range.to);
  const rows = await q.execute();
  return rows.map((r) => ({ platform: r.platform, month: r.month, micros: Number(r.micros) }));
}
