/**
 * The `deliver_notification` job: one attempt of one delivery per run. The job
 * queue keeps it across restarts and crashes; this handler decides the retry
 * schedule itself (NOTIFICATION_RETRY_DELAYS_MS) and records every attempt.
 * A run that finds its delivery already finished does nothing (a worker may die
 * after recording and before the job row is deleted).
 */
import { recordAttempt } from '../domain/notifications/attempts.ts';
import { retryDelays } from '../domain/notifications/retry.ts';
import { defineJobKind } from '../jobs/catalog.ts';
import { decideFailure } from '../jobs/outcome.ts';
import { readDelivery } from './delivery-read.ts';
import { countAttempt } from './metrics.ts';
import { performDelivery } from './perform.ts';
import { withSenders } from './senders.ts';

export interface DeliverPayload {
  deliveryId: string;
}

export const deliverNotification = defineJobKind<DeliverPayload>({
  kind: 'deliver_notification',
  // The handler plans its own waits; this policy only applies to unexpected errors (a database hiccup).
  retry: { maxAttempts: 3, baseDelayMs: 30_000, maxDelayMs: 300_000 },
  // Generous: the attempt itself is cut at WEBHOOK_TIMEOUT_MS (SMTP: per phase).
  timeoutMs: 120_000,
  async run(job, ctx) {
    const found = await readDelivery(ctx.store.db, job.payload.deliveryId);
    if (found?.delivery.status !== 'pending') return undefined;
    const { delivery, destination } = found;
    const startedAt = new Date();
    const outcome =
      job.attempt > job.maxAttempts
        ? // The worker running the last attempt died before it could record an answer.
          {
            ok: false,
            statusCode: null,
            durationMs: 0,
            error: 'the worker stopped during the last attempt; no answer was recorded',
          }
        : await withSenders(ctx, (senders) =>
            performDelivery(ctx, senders, delivery, destination, job.signal),
          );
    const attempt = Math.min(job.attempt, job.maxAttempts);
    const decision = outcome.ok
      ? null
      : decideFailure({
          failures: attempt,
          maxAttempts: job.maxAttempts,
          spacing: { delaysMs: retryDelays(ctx.config) },
          permanent: outcome.permanent === true,
        });
    const retryInMs = decision?.action === 'retry' ? decision.inMs : 0;
    const state = await recordAttempt(ctx.store, {
      deliveryId: delivery.id,
      projectId: delivery.project_id,
      attempt,
      maxAttempts: job.maxAttempts,
      startedAt,
      outcome,
      retryInMs,
      now: new Date(),
    });
    countAttempt(ctx, delivery.channel, state, outcome.durationMs);
    ctx.log.debug({ deliveryId: delivery.id, attempt: job.attempt, state }, 'notification attempt');
    if (state !== 'retrying' || decision?.action !== 'retry') return undefined;
    return { retryInMs, reason: outcome.error ?? 'delivery failed' };
  },
  async onExhausted(job, error, ctx) {
    const now = new Date().toISOString();
    await ctx.store.db
      .updateTable('notification_deliveries')
      .set({ status: 'failed', last_error: error, next_attempt_at: null, updated_at: now, completed_at: now })
      .where('id', '=', job.payload.deliveryId)
      .where('status', '=', 'pending')
      .execute();
  },
});
