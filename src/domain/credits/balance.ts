/**
 * Credits: each project has a monthly allowance (MONTHLY_CREDITS, resetting on the
 * first of each UTC month) plus purchased credits that never expire. A charge
 * takes from the allowance first, then from purchased credits.
 *
 * The check and the charge happen together inside the caller's transaction, with
 * the project's balance row locked (SELECT … FOR UPDATE on PostgreSQL; SQLite
 * runs one write transaction at a time), so concurrent charges never overdraw.
 * Every movement is also written to the ledger with its profile, integration
 * and platform, which is what /v1/usage reports.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Database } from '../../store/schema.ts';
import type { CreditBalancesTable, CreditLedgerTable } from '../../store/tables/posts.ts';
import { newId } from '../ids.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface ChargeLine {
  amount: number;
  reason: string;
  postId?: string | null;
  targetId?: string | null;
  profileId?: string | null;
  integrationId?: string | null;
  platform?: string | null;
}

export interface Balance {
  monthly: { limit: number; used: number; remaining: number; cycleStart: string; cycleEnd: string };
  purchased: { total: number; used: number; remaining: number };
}

export const monthOf = (d: Date): string => d.toISOString().slice(0, 7);

function cycle(now: Date): { start: string; end: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start: start.toISOString(), end: end.toISOString() };
}

/** A new month starts with the whole allowance. */
function rolledOver(ctx: AppContext, row: CreditBalancesTable): CreditBalancesTable {
  const month = monthOf(ctx.now());
  return row.month === month ? row : { ...row, month, monthly_used: 0 };
}

/**
 * The balance rows of these projects, created if new and locked for the rest of
 * the transaction (SELECT … FOR UPDATE on PostgreSQL, in project-id order so that
 * two transactions locking several projects can not deadlock; SQLite runs one
 * write transaction at a time).
 */
export async function lockBalances(
  trx: Db,
  ctx: AppContext,
  projectIds: readonly string[],
): Promise<Map<string, CreditBalancesTable>> {
  const ids = [...new Set(projectIds)].sort();
  const out = new Map<string, CreditBalancesTable>();
  if (ids.length === 0) return out;
  const read = () => {
    const q = trx
      .selectFrom('credit_balances')
      .selectAll()
      .where('project_id', 'in', ids)
      .orderBy('project_id');
    return (ctx.store.dialect === 'postgres' ? q.forUpdate() : q).execute();
  };
  let rows = await read();
  if (rows.length < ids.length) {
    const now = ctx.now();
    await trx
      .insertInto('credit_balances')
      .values(
        ids.map((id) => ({
          project_id: id,
          month: monthOf(now),
          monthly_used: 0,
          purchased_total: 0,
          purchased_used: 0,
          updated_at: now.toISOString(),
        })),
      )
      .onConflict((oc) => oc.column('project_id').doNothing())
      .execute();
    rows = await read();
  }
  for (const row of rows) out.set(row.project_id, rolledOver(ctx, row));
  for (const id of ids) if (!out.has(id)) throw new Error(`credit balance of ${id} could not be created`);
  return out;
}

/** The balance row, locked for the rest of the transaction; created on first use. */
async function lockBalance(trx: Db, ctx: AppContext, projectId: string): Promise<CreditBalancesTable> {
  const row = (await lockBalances(trx, ctx, [projectId])).get(projectId);
  if (!row) throw new Error(`credit balance of ${projectId} could not be created`);
  return row;
}

/** Writes a balance row's counters back (the row must be locked by this transaction). */
export async function saveBalance(trx: Db, ctx: AppContext, row: CreditBalancesTable): Promise<void> {
  await trx
    .updateTable('credit_balances')
    .set({
      month: row.month,
      monthly_used: row.monthly_used,
      purchased_used: row.purchased_used,
      updated_at: ctx.now().toISOString(),
    })
    .where('project_id', '=', row.project_id)
    .execute();
}

function summarize(
  ctx: AppContext,
  row: Pick<CreditBalancesTable, 'month' | 'monthly_used' | 'purchased_total' | 'purchased_used'>,
): Balance {
  const now = ctx.now();
  const limit = ctx.config.MONTHLY_CREDITS;
  const used = row.month === monthOf(now) ? row.monthly_used : 0;
  const { start, end } = cycle(now);
  return {
    monthly: { limit, used, remaining: Math.max(0, limit - used), cycleStart: start, cycleEnd: end },
    purchased: {
      total: row.purchased_total,
      used: row.purchased_used,
      remaining: Math.max(0, row.purchased_total - row.purchased_used),
    },
  };
}

const remainingOf = (b: Balance) => b.monthly.remaining + b.purchased.remaining;

/**
 * The ledger entries of a charge of `lines` against the balance `row`, taking from
 * the allowance first, and the balance after it; throws 402 when the lines need
 * more than remains (nothing is charged then). Pure: the caller writes both.
 */
export function planCharge(
  ctx: AppContext,
  row: CreditBalancesTable,
  lines: readonly ChargeLine[],
  what = 'this request',
): { entries: CreditLedgerTable[]; balance: CreditBalancesTable } {
  const total = lines.reduce((n, l) => n + l.amount, 0);
  const balance = summarize(ctx, row);
  if (total > remainingOf(balance)) {
    throw new AppError(
      'insufficient_credits',
      `Not enough credits: ${what} needs ${total} and ${remainingOf(balance)} remain ` +
        `(${balance.monthly.remaining} of the monthly allowance of ${balance.monthly.limit} until ${balance.monthly.cycleEnd}, ` +
        `${balance.purchased.remaining} purchased)`,
    );
  }
  let monthlyLeft = balance.monthly.remaining;
  let monthlyTaken = 0;
  let purchasedTaken = 0;
  const now = ctx.now().toISOString();
  const entries = lines.map((l): CreditLedgerTable => {
    const fromMonthly = Math.min(monthlyLeft, l.amount);
    monthlyLeft -= fromMonthly;
    monthlyTaken += fromMonthly;
    purchasedTaken += l.amount - fromMonthly;
    return {
      id: newId('cred'),
      project_id: row.project_id,
      month: row.month,
      amount: l.amount,
      monthly_part: fromMonthly,
      purchased_part: l.amount - fromMonthly,
      reason: l.reason,
      post_id: l.postId ?? null,
      target_id: l.targetId ?? null,
      profile_id: l.profileId ?? null,
      integration_id: l.integrationId ?? null,
      platform: l.platform ?? null,
      refund_of: null,
      created_at: now,
    };
  });
  return {
    entries,
    balance: {
      ...row,
      monthly_used: row.monthly_used + monthlyTaken,
      purchased_used: row.purchased_used + purchasedTaken,
      updated_at: now,
    },
  };
}

/**
 * Charges the lines inside `trx` or throws 402 without charging anything.
 * Returns the ledger entry ids in line order.
 */
export async function chargeCredits(
  trx: Db,
  ctx: AppContext,
  projectId: string,
  lines: readonly ChargeLine[],
  what = 'this request',
): Promise<string[]> {
  const total = lines.reduce((n, l) => n + l.amount, 0);
  if (total <= 0) return [];
  const row = await lockBalance(trx, ctx, projectId);
  const { entries, balance } = planCharge(ctx, row, lines, what);
  await trx.insertInto('credit_ledger').values(entries).execute();
  await saveBalance(trx, ctx, balance);
  return entries.map((e) => e.id);
}

/**
 * Returns every not-yet-returned charge of these targets: purchased credits go back
 * to the purchased pool, this month's allowance back to the allowance (an earlier
 * month's allowance has lapsed). Returns how many credits were refunded.
 */
export async function refundTargets(
  trx: Db,
  ctx: AppContext,
  projectId: string,
  targetIds: readonly string[],
  reason: string,
  /** Only charges made for these reasons are returned (e.g. the post charge, not a delete charge). */
  chargeReasons: readonly string[],
): Promise<number> {
  const open = await openCharges(trx, projectId, targetIds, chargeReasons);
  return refundEntries(trx, ctx, projectId, open, reason);
}

/** The charges of these targets, made for these reasons, that no refund has returned yet. */
export async function openCharges(
  trx: Db,
  projectId: string,
  targetIds: readonly string[],
  chargeReasons: readonly string[],
): Promise<CreditLedgerTable[]> {
  if (targetIds.length === 0) return [];
  const entries = await trx
    .selectFrom('credit_ledger')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('target_id', 'in', targetIds)
    .execute();
  const refunded = new Set(entries.filter((e) => e.refund_of).map((e) => e.refund_of));
  return entries.filter(
    (e) => e.amount > 0 && !e.refund_of && !refunded.has(e.id) && chargeReasons.includes(e.reason),
  );
}

/**
 * Returns these charges (by ledger id) unless returned already, as refundTargets
 * does: for a target charged more than once (each edit after publishing) where
 * only one charge is to go back.
 */
export async function refundCharges(
  trx: Db,
  ctx: AppContext,
  projectId: string,
  chargeIds: readonly string[],
  reason: string,
): Promise<number> {
  if (chargeIds.length === 0) return 0;
  const entries = await trx
    .selectFrom('credit_ledger')
    .selectAll()
    .where('project_id', '=', projectId)
    .where((eb) => eb.or([eb('id', 'in', chargeIds), eb('refund_of', 'in', chargeIds)]))
    .execute();
  const refunded = new Set(entries.filter((e) => e.refund_of).map((e) => e.refund_of));
  const open = entries.filter((e) => e.amount > 0 && !e.refund_of && !refunded.has(e.id));
  return refundEntries(trx, ctx, projectId, open, reason);
}

async function refundEntries(
  trx: Db,
  ctx: AppContext,
  projectId: string,
  open: readonly CreditLedgerTable[],
  reason: string,
): Promise<number> {
  if (open.length === 0) return 0;
  const row = await lockBalance(trx, ctx, projectId);
  const now = ctx.now().toISOString();
  let monthlyBack = 0;
  let purchasedBack = 0;
  for (const e of open) {
    purchasedBack += e.purchased_part;
    if (e.month === row.month) monthlyBack += e.monthly_part;
  }
  await trx
    .insertInto('credit_ledger')
    .values(
      open.map((e) => ({
        ...e,
        id: newId('cred'),
        amount: -e.amount,
        monthly_part: -e.monthly_part,
        purchased_part: -e.purchased_part,
        reason,
        refund_of: e.id,
        created_at: now,
      })),
    )
    .execute();
  await saveBalance(trx, ctx, {
    ...row,
    monthly_used: Math.max(0, row.monthly_used - monthlyBack),
    purchased_used: Math.max(0, row.purchased_used - purchasedBack),
  });
  return open.reduce((n, e) => n + e.amount, 0);
}

export async function getBalance(ctx: AppContext, projectId: string): Promise<Balance> {
  const row = await ctx.store.db
    .selectFrom('credit_balances')
    .selectAll()
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return summarize(
    ctx,
    row ?? { month: monthOf(ctx.now()), monthly_used: 0, purchased_total: 0, purchased_used: 0 },
  );
}

/** Operators grant purchased credits (CLI `credits add`); they never expire. */
export async function addPurchasedCredits(
  ctx: AppContext,
  projectId: string,
  amount: number,
): Promise<Balance> {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new AppError('invalid', 'The amount must be a positive whole number');
  const project = await ctx.store.db
    .selectFrom('projects')
    .select('id')
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) throw new AppError('not_found', `Project ${projectId} not found`);
  await ctx.store.db.transaction().execute(async (trx) => {
    const row = await lockBalance(trx, ctx, projectId);
    await trx
      .updateTable('credit_balances')
      .set({
        month: row.month,
        monthly_used: row.monthly_used,
        purchased_total: row.purchased_total + amount,
        updated_at: ctx.now().toISOString(),
      })
      .where('project_id', '=', projectId)
      .execute();
  });
  return getBalance(ctx, projectId);
}
