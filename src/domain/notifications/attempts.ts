/**
 * Records one delivery attempt and moves the delivery on: succeeded, waiting
 * for its next attempt, or failed after its last one — in one transaction.
 *
 * The attempts that finish at the same moment (a runner sends hundreds at once)
 * share that transaction (group commit, src/store/group-commit.ts): one UPDATE of
 * their deliveries and one INSERT of their attempt rows, instead of a transaction
 * of two statements each. Each caller is answered only after the shared commit,
 * so the job is finished only once its attempt is stored. When the shared
 * transaction fails nothing of it is stored, and each attempt is then written
 * alone in its own: an attempt is never lost to another's failure, nor stored twice.
 */

import type { Transaction } from 'kysely';
import type { AttemptOutcome } from '../../notifications/webhook.ts';
import type { Dialect, Store } from '../../store/db.ts';
import { groupCommitPer, type ItemOutcome } from '../../store/group-commit.ts';
import { insertRows } from '../../store/row-set.ts';
import type { Database } from '../../store/schema.ts';
import type {
  NotificationAttemptsTable,
  NotificationDeliveriesTable,
} from '../../store/tables/notifications.ts';
import { updateRowsById } from '../../store/update-rows.ts';
import { newId } from '../ids.ts';

export type DeliveryState = 'succeeded' | 'retrying' | 'failed';

export interface AttemptRecord {
  deliveryId: string;
  projectId: string;
  attempt: number;
  maxAttempts: number;
  startedAt: Date;
  outcome: AttemptOutcome;
  /** Wait before the next attempt when this one failed and was not the last. */
  retryInMs: number;
  now: Date;
}

interface Item extends AttemptRecord {
  dialect: Dialect;
}

/** Integer columns of the delivery update (a batch of timeouts has only nulls in last_status_code). */
const INTEGER_COLUMNS = ['attempts', 'last_status_code'];

/**
 * One batch at a time per database handle: while it commits, the next one fills
 * (as for publishing's writes, src/domain/publishing/transitions.ts). A batch holds
 * at most one runner's worth of attempts at the default concurrency.
 */
const batches = groupCommitPer(recordBatch, () => ({ maxBatch: 256, parallel: 1 }));

export function recordAttempt(store: Store, args: AttemptRecord): Promise<DeliveryState> {
  return batches(store).submit({ ...args, dialect: store.dialect });
}

export function stateAfter(args: AttemptRecord): DeliveryState {
  const { outcome } = args;
  return outcome.ok
    ? 'succeeded'
    : outcome.permanent || args.attempt >= args.maxAttempts
      ? 'failed'
      : 'retrying';
}

/** Writes the attempts of a batch: every item is written, so every item gets its state. */
export async function recordBatch(
  trx: Transaction<Database>,
  items: readonly Item[],
): Promise<ItemOutcome<DeliveryState>[]> {
  const states = items.map(stateAfter);
  // One update per delivery: were one delivery here twice, the later attempt is the one it shows (as
  // when each was written in turn).
  const updates = new Map<string, { id: string; set: Partial<NotificationDeliveriesTable> }>();
  const attempts: NotificationAttemptsTable[] = [];
  items.forEach((a, i) => {
    const state = states[i] as DeliveryState;
    const { outcome, now } = a;
    const nowIso = now.toISOString();
    updates.set(a.deliveryId, {
      id: a.deliveryId,
      set: {
        status: state === 'retrying' ? 'pending' : state,
        attempts: a.attempt,
        next_attempt_at: state === 'retrying' ? new Date(now.getTime() + a.retryInMs).toISOString() : null,
        last_status_code: outcome.statusCode,
        last_error: outcome.error,
        updated_at: nowIso,
        completed_at: state === 'retrying' ? null : nowIso,
      },
    });
    attempts.push({
      id: newId('att', now.getTime()),
      project_id: a.projectId,
      delivery_id: a.deliveryId,
      attempt: a.attempt,
      started_at: a.startedAt.toISOString(),
      status_code: outcome.statusCode,
      duration_ms: outcome.durationMs,
      success: outcome.ok ? 1 : 0,
      error: outcome.error,
    });
  });
  await updateRowsById(
    trx,
    (items[0] as Item).dialect,
    'notification_deliveries',
    [...updates.values()],
    INTEGER_COLUMNS,
  );
  await insertRows(trx, (items[0] as Item).dialect, 'notification_attempts', attempts);
  return states.map((value) => ({ ok: true, value }));
}
