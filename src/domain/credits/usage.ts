/**
 * Credit usage by month from the ledger, for the project (the caller's profiles when it
 * is limited to some), one profile or one integration of it (another project's id, or one that does not exist, is 404).
 * Each month has its count, the publishing credits by platform, and every credit
 * by category (categories.ts), which add up to the count. Refunds carry the
 * month of the charge they return, and count under that charge's category, so a
 * month's figures are what was finally spent in it.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { limitedTo, type ProjectReach, profileInReach, projectOf } from '../teams/reach.ts';
import { type Balance, getBalance } from './balance.ts';
import { type CategoryCounts, categoryOf, noCategories } from './categories.ts';

export interface UsageFilter {
  profileId?: string;
  integrationId?: string;
  from?: string;
  to?: string;
}

export interface UsageEntry {
  year: number;
  month: number;
  count: number;
  /** Publishing credits (post, scheduled edit, their refunds) by platform: they add up to categories.publishing. */
  platform: Record<string, number>;
  /** Every credit of the month by what it was spent on: they add up to count. */
  categories: CategoryCounts;
}

export interface UsageReport {
  totalUsage: number;
  usage: UsageEntry[];
  /** The project's balance: only in the project-level answer, not in one filtered by profile or integration. */
  balance?: Balance;
}

/** The profile or integration filtered on must be the project's; a disconnected integration still is. */
async function assertOwnFilter(ctx: AppContext, reach: ProjectReach, filter: UsageFilter): Promise<void> {
  const projectId = projectOf(reach);
  const limited = limitedTo(reach) !== null;
  if (filter.profileId !== undefined) {
    const found = await ctx.store.db
      .selectFrom('profiles')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', '=', filter.profileId)
      .where(profileInReach(reach, 'id'))
      .executeTakeFirst();
    if (!found) throw notFound(`Profile ${filter.profileId}`);
  }
  if (filter.integrationId !== undefined) {
    const id = filter.integrationId;
    const [live, removed] = await Promise.all([
      ctx.store.db
        .selectFrom('integrations')
        .select('id')
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .where(profileInReach(reach, 'profile_id'))
        .executeTakeFirst(),
      // A disconnected account's profile is not known any more: a limited caller does not reach it.
      limited
        ? undefined
        : ctx.store.db
            .selectFrom('removed_integrations')
            .select('integration_id')
            .where('project_id', '=', projectId)
            .where('integration_id', '=', id)
            .executeTakeFirst(),
    ]);
    if (!live && !removed) throw notFound(`Integration ${id}`);
  }
}

export async function getUsage(
  ctx: AppContext,
  reach: ProjectReach,
  filter: UsageFilter,
): Promise<UsageReport> {
  const projectId = projectOf(reach);
  if (filter.profileId !== undefined && filter.integrationId !== undefined)
    throw new AppError('invalid', 'profileId and integrationId are mutually exclusive; give at most one');
  if (filter.from && filter.to && filter.from > filter.to)
    throw new AppError('invalid', `from (${filter.from}) is after to (${filter.to})`);
  await assertOwnFilter(ctx, reach, filter);
  // A refund counts under the reason of the charge it returns.
  const reason = sql<string>`coalesce(c.reason, l.reason)`;
  let q = ctx.store.db
    .selectFrom('credit_ledger as l')
    .leftJoin('credit_ledger as c', 'c.id', 'l.refund_of')
    .select([
      'l.month as month',
      'l.platform as platform',
      reason.as('reason'),
      sql<number>`sum(l.amount)`.as('count'),
    ])
    .where('l.project_id', '=', projectId)
    // A caller limited to profiles counts the credits spent for its profiles only.
    .where(profileInReach(reach, 'l.profile_id'))
    .groupBy(['l.month', 'l.platform', reason])
    .orderBy('l.month');
  if (filter.profileId !== undefined) q = q.where('l.profile_id', '=', filter.profileId);
  if (filter.integrationId !== undefined) q = q.where('l.integration_id', '=', filter.integrationId);
  if (filter.from) q = q.where('l.month', '>=', filter.from);
  if (filter.to) q = q.where('l.month', '<=', filter.to);
  const rows = await q.execute();
  const byMonth = new Map<string, UsageEntry>();
  for (const r of rows) {
    let entry = byMonth.get(r.month);
    if (!entry) {
      entry = {
        year: Number(r.month.slice(0, 4)),
        month: Number(r.month.slice(5, 7)),
        count: 0,
        platform: {},
        categories: noCategories(),
      };
      byMonth.set(r.month, entry);
    }
    const n = Number(r.count);
    const category = categoryOf(r.reason);
    entry.count += n;
    entry.categories[category] += n;
    if (category === 'publishing' && r.platform)
      entry.platform[r.platform] = (entry.platform[r.platform] ?? 0) + n;
  }
  const usage = [...byMonth.values()];
  const total = usage.reduce((n, u) => n + u.count, 0);
  // Credits are the project's, not a profile's or an account's: a filtered answer has no balance.
  const filtered =
    filter.profileId !== undefined || filter.integrationId !== undefined || limitedTo(reach) !== null;
  if (filtered) return { totalUsage: total, usage };
  return { totalUsage: total, usage, balance: await getBalance(ctx, projectId) };
}
