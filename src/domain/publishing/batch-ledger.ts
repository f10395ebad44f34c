/**
 * Ledger writes of many jobs in one transaction: above all "the create call is
 * about to be made", which must be durable before the call (it is: the caller
 * makes the call only after this batch committed). Each item is checked on its
 * own: a job that lost its lease, or whose target is no longer publishing,
 * writes nothing and gets LeaseLost.
 */
import type { AppContext } from '../../context.ts';
import type { ItemOutcome } from '../../store/group-commit.ts';
import type { PostTargetsTable } from '../../store/tables/posts.ts';
import { updateRowsById } from '../../store/update-rows.ts';
import { lockJobLeases, readTargetLedgers, type Trx } from './batch-rows.ts';
import { type Ledger, parseLedger } from './state.ts';
import { type Actor, LeaseLost } from './transitions-types.ts';

/**
 * The new ledger (and checkpoint); `warning`, when given, replaces the target's
 * warningMessage (a wait for the platform's quota, and its end).
 */
export type LedgerChange = (
  ledger: Ledger,
  checkpoint: Record<string, unknown>,
) => { ledger: Ledger; checkpoint?: Record<string, unknown>; warning?: string | null };

export interface LedgerItem {
  ctx: AppContext;
  actor: Actor;
  change: LedgerChange;
}

export async function ledgerBatch(trx: Trx, items: readonly LedgerItem[]): Promise<ItemOutcome<Ledger>[]> {
  const dialect = (items[0] as LedgerItem).ctx.store.dialect;
  const leases = await lockJobLeases(
    trx,
    dialect,
    items.map((i) => i.actor.jobId),
  );
  const targets = await readTargetLedgers(
    trx,
    dialect,
    items.map((i) => i.actor.targetId),
  );
  const writes = new Map<string, { id: string; set: Partial<PostTargetsTable> }>();

  const outcomes = items.map(({ ctx, actor: a, change }): ItemOutcome<Ledger> => {
    try {
      if (leases.get(a.jobId) !== a.leaseOwner) throw new LeaseLost();
      const found = targets.get(a.targetId);
      const target = found?.project_id === a.projectId ? found : undefined;
      if (target?.status !== 'publishing') throw new LeaseLost(`the target is ${target?.status ?? 'gone'}`);
      const before = parseLedger(target.ledger);
      const checkpoint = target.checkpoint ? (JSON.parse(target.checkpoint) as Record<string, unknown>) : {};
      const next = change(before, checkpoint);
      const set: Partial<PostTargetsTable> = {
        ...(writes.get(target.id)?.set ?? {}),
        ledger: JSON.stringify(next.ledger),
        ...(next.checkpoint ? { checkpoint: JSON.stringify(next.checkpoint) } : {}),
        ...(next.warning !== undefined ? { warning_message: next.warning } : {}),
        updated_at: ctx.now().toISOString(),
      };
      writes.set(target.id, { id: target.id, set });
      targets.set(target.id, { ...target, ...set });
      return { ok: true, value: next.ledger };
    } catch (error) {
      return { ok: false, error };
    }
  });

  await updateRowsById(trx, dialect, 'post_targets', [...writes.values()]);
  return outcomes;
}
