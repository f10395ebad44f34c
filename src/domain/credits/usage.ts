/**
 * Credit usage by month, with a per-platform breakdown, from the ledger. Refunds
 * carry the month of the charge they return, so a month's count is what was
 * finally spent in it.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type Balance, getBalance } from './balance.ts';

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
  platform: Record<string, number>;
}

export interface UsageReport {
  totalUsage: number;
  usage: UsageEntry[];
  /** The project's balance: only in the project-level answer, not in one filtered by profile or integration. */
  balance?: Balance;
}

export async function getUsage(
  ctx: AppContext,
  projectId: string,
  filter: UsageFilter,
): Promise<UsageReport> {
  if (filter.profileId !== undefined && filter.integrationId !== undefined)
    throw new AppError('invalid', 'profileId and integrationId are mutually exclusive; give at most one');
  if (filter.from && filter.to && filter.from > filter.to)
    throw new AppError('invalid', `from (${filter.from}) is after to (${filter.to})`);
  let q = ctx.store.db
    .selectFrom('credit_ledger')
    .select(['month', 'platform', sql<number>`sum(amount)`.as('count')])
    .where('project_id', '=', projectId)
    .groupBy(['month', 'platform'])
    .orderBy('month');
  if (filter.profileId !== undefined) q = q.where('profile_id', '=', filter.profileId);
  if (filter.integrationId !== undefined) q = q.where('integration_id', '=', filter.integrationId);
  if (filter.from) q = q.where('month', '>=', filter.from);
  if (filter.to) q = q.where('month', '<=', filter.to);
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
      };
      byMonth.set(r.month, entry);
    }
    const n = Number(r.count);
    entry.count += n;
    if (r.platform) entry.platform[r.platform] = (entry.platform[r.platform] ?? 0) + n;
  }
  const usage = [...byMonth.values()];
  const total = usage.reduce((n, u) => n + u.count, 0);
  // Credits are the project's, not a profile's or an account's: a filtered answer has no balance.
  const filtered = filter.profileId !== undefined || filter.integrationId !== undefined;
  if (filtered) return { totalUsage: total, usage };
  return { totalUsage: total, usage, balance: await getBalance(ctx, projectId) };
}
