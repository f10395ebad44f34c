/**
 * Credits of analytics reads: checked before the platform is asked (a project
 * without credits makes no platform call and gets 402 with its balance), and
 * charged only once the read succeeded, inside the transaction that saves what the
 * read produced, so a failed read costs nothing and a charge never goes without
 * its result.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { type ChargeLine, chargeCredits, getBalance, planCharge } from '../credits/balance.ts';

/** Credits of one analytics read: GET /v1/analytics, Instagram demographics or account insights. */
export const ANALYTICS_COST = 1;

/** Throws 402 (with the balance in the message) when `line` could not be charged now. */
export async function assertCredits(
  ctx: AppContext,
  projectId: string,
  line: ChargeLine,
  what: string,
): Promise<void> {
  const b = await getBalance(ctx, projectId);
  // planCharge is pure: it only says whether the line fits, with the same 402 message as a charge.
  planCharge(
    ctx,
    {
      project_id: projectId,
      month: ctx.now().toISOString().slice(0, 7),
      monthly_used: b.monthly.used,
      purchased_total: b.purchased.total,
      purchased_used: b.purchased.used,
      updated_at: ctx.now().toISOString(),
    },
    [line],
    what,
  );
}

/** Charges `line` and runs `write` (the read's result) in one transaction; 402 charges nothing. */
export async function chargeWith(
  ctx: AppContext,
  projectId: string,
  line: ChargeLine,
  what: string,
  write?: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await ctx.store.db.transaction().execute(async (trx) => {
    await chargeCredits(trx, ctx, projectId, [line], what);
    await write?.(trx);
  });
}
