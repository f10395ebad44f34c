/**
 * Every state change of a target. Concurrent jobs' changes of the same kind are
 * gathered into one transaction (group commit, src/store/group-commit.ts): one for
 * starting attempts (batch-start.ts), one for ledger writes such as "the create
 * call is about to be made" (batch-ledger.ts), one for outcomes, post status and
 * final events (batch-settle.ts). Each caller is answered only after its batch
 * committed, so the durability order of exactly-once publishing holds item by
 * item: the attempt is stored before the platform call, the outcome after it.
 *
 * Transactions that may change a post lock its row first (posts in id order): on
 * PostgreSQL that serializes them with the posts API (cancel, edit, delete lock
 * the same row) and with the other targets of the post, so exactly one of them
 * sees the last target finish and writes the final event; on SQLite every
 * transaction holds the database's write lock from its start, which does the same.
 *
 * Writes that act for a job first check, in the same transaction, that the job's
 * lease is still held (fencing): a runner that lost its lease changes nothing.
 */
import type { AppContext } from '../../context.ts';
import { countTargetOutcome } from '../../http/service-metrics.ts';
import { wakeOutboxDispatch } from '../../notifications/worker.ts';
import type { Store } from '../../store/db.ts';
import { groupCommitPer } from '../../store/group-commit.ts';
import { type LedgerChange, ledgerBatch } from './batch-ledger.ts';
import { type Outcome, settleBatch } from './batch-settle.ts';
import { type StartResult, startBatch } from './batch-start.ts';
import { notifyPostSettled } from './events.ts';
import type { Ledger } from './state.ts';
import type { Actor } from './transitions-types.ts';

export type { StartResult } from './batch-start.ts';
export { type Actor, LeaseLost } from './transitions-types.ts';

/**
 * One batch of a kind at a time per database handle: while it commits, the next
 * one fills, so batches grow with the load. (Two at once on PostgreSQL measured
 * slower: twice the statements for the same work.) A batch holds at most one
 * runner's worth of jobs at the default concurrency. On SQLite the three kinds
 * share their transactions: starts, ledger writes and settlements waiting at one
 * moment are committed together.
 */
const batchOptions = (store: Store) => ({
  maxBatch: 256,
  parallel: 1,
  shareTransactions: store.dialect === 'sqlite',
});

const starts = groupCommitPer(startBatch, batchOptions);
const ledgers = groupCommitPer(ledgerBatch, batchOptions);
const settles = groupCommitPer(settleBatch, batchOptions);

/** Takes the target into `publishing` (and its post) if it is still to be published. */
export function startAttempt(ctx: AppContext, a: Actor): Promise<StartResult> {
  return starts(ctx.store).submit({ ctx, actor: a });
}

/** Updates the ledger (and optionally the checkpoint) while the lease is held. */
export function updateLedger(ctx: AppContext, a: Actor, change: LedgerChange): Promise<Ledger> {
  return ledgers(ctx.store).submit({ ctx, actor: a, change });
}

/**
 * Settles a target: published (with the platform's id) or failed (with a message
 * for the user). Returns false when it was settled already. When it was the last
 * open target, derives the post's status and writes the one final event.
 */
export async function settleTarget(
  ctx: AppContext,
  a: Actor,
  outcome: Outcome,
  options: { requireLease: boolean },
): Promise<boolean> {
  const result = await settles(ctx.store).submit({
    ctx,
    actor: a,
    outcome,
    requireLease: options.requireLease,
  });
  if (result.settled && result.platform)
    countTargetOutcome(
      ctx,
      result.platform,
      outcome.status,
      outcome.status === 'failed' ? (outcome.errorClass ?? 'unexpected') : undefined,
    );
  if (result.final) {
    notifyPostSettled(a.postId);
    // Its final event was committed with it: deliver it without waiting for the outbox poll.
    wakeOutboxDispatch();
  }
  return result.settled;
}
