/**
 * Records one delivery attempt and moves the delivery on: succeeded, waiting
 * for its next attempt, or failed after its last one — in one transaction.
 */
import type { AttemptOutcome } from '../../notifications/webhook.ts';
import type { Store } from '../../store/db.ts';
import { newId } from '../ids.ts';

export type DeliveryState = 'succeeded' | 'retrying' | 'failed';

export async function recordAttempt(
  store: Store,
  args: {
    deliveryId: string;
    projectId: string;
    attempt: number;
    maxAttempts: number;
    startedAt: Date;
    outcome: AttemptOutcome;
    /** Wait before the next attempt when this one failed and was not the last. */
    retryInMs: number;
    now: Date;
  },
): Promise<DeliveryState> {
  const { outcome, now } = args;
  const state: DeliveryState = outcome.ok
    ? 'succeeded'
    : outcome.permanent || args.attempt >= args.maxAttempts
      ? 'failed'
      : 'retrying';
  const nowIso = now.toISOString();
  await store.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('notification_deliveries')
      .set({
        status: state === 'retrying' ? 'pending' : state,
        attempts: args.attempt,
        next_attempt_at: state === 'retrying' ? new Date(now.getTime() + args.retryInMs).toISOString() : null,
        last_status_code: outcome.statusCode,
        last_error: outcome.error,
        updated_at: nowIso,
        completed_at: state === 'retrying' ? null : nowIso,
      })
      .where('id', '=', args.deliveryId)
      .where('project_id', '=', args.projectId)
      .execute();
    await trx
      .insertInto('notification_attempts')
      .values({
        id: newId('att', now.getTime()),
        project_id: args.projectId,
        delivery_id: args.deliveryId,
        attempt: args.attempt,
        started_at: args.startedAt.toISOString(),
        status_code: outcome.statusCode,
        duration_ms: outcome.durationMs,
        success: outcome.ok ? 1 : 0,
        error: outcome.error,
      })
      .execute();
  });
  return state;
}
