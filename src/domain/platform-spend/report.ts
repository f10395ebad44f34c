/**
 * What GET /v1/usage says of platform spend: money the project's calls cost on
 * the platforms that charge for them, per platform and month, with the prices in
 * force and the caps. Only in the project-level answer of a caller who reaches
 * the whole project (the ledger is kept per project and account, not per profile).
 */
import type { AppContext } from '../../context.ts';
import { limitedTo, type ProjectReach, projectOf } from '../teams/reach.ts';
import { getSpendCaps, type SpendCaps } from './caps.ts';
import { spendByMonth } from './ledger.ts';
import { fromMicros, type PriceEntry, pricesInForce } from './prices.ts';

export interface SpendReport {
  platformSpend: { year: number; month: number; platform: string; amount: number; currency: string }[];
  platformPrices: PriceEntry[];
  spendCaps: SpendCaps;
}

export async function spendReport(
  ctx: AppContext,
  reach: ProjectReach,
  filter: {
    profileId?: string | undefined;
    integrationId?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
): Promise<SpendReport | null> {
  if (filter.profileId !== undefined || filter.integrationId !== undefined || limitedTo(reach) !== null)
    return null;
  const rows = await spendByMonth(ctx, projectOf(reach), filter);
  const currency = (platform: string) =>
    (ctx.platforms as Record<string, { spend?: { currency: string } }>)[platform]?.spend?.currency ?? 'USD';
  return {
    platformSpend: rows.map((r) => ({
      year: Number(r.month.slice(0, 4)),
      month: Number(r.month.slice(5, 7)),
      platform: r.platform,
      amount: fromMicros(r.micros),
      currency: currency(r.platform),
    })),
    platformPrices: pricesInForce(ctx.config, ctx.platforms),
    spendCaps: await getSpendCaps(ctx, reach),
  };
}
