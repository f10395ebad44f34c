/**
 * The notification area's recurring jobs, run by the job runner (worker and all
 * roles) like every other kind:
 * - `dispatch_outbox` turns new outbox events into deliveries (whose jobs the
 *   runner then runs) every NOTIFICATION_POLL_MS, and at once when this process
 *   commits a new event (wakeOutboxDispatch), so webhooks do not wait for a poll;
 *   wakes closer together than WAKE_EVERY_MS share one run;
 * - `sweep_notification_history` removes history older than
 *   NOTIFICATION_HISTORY_DAYS once an hour (the first time a minute after the
 *   row is created, so a fresh start does not begin with a long delete).
 * Closing the connections deliveries share is part of stopping the workers
 * (src/workers.ts), after the runner has stopped.
 */
import { defineRecurringJob, runRecurringSoon } from '../jobs/recurring.ts';
import { dispatchOutbox } from './outbox.ts';
import { sweepNotificationHistory } from './retention.ts';

const SWEEP_EVERY_MS = 60 * 60_000;
const FIRST_SWEEP_AFTER_MS = 60_000;

export const dispatchOutboxJob = defineRecurringJob({
  kind: 'dispatch_outbox',
  timeoutMs: 60_000,
  everyMs: (config) => config.NOTIFICATION_POLL_MS,
  async run(ctx, signal) {
    // A full outbox is drained in one run, one batch per transaction.
    while (!signal.aborted && (await dispatchOutbox(ctx)) > 0) {}
  },
});

export const notificationRetentionJob = defineRecurringJob({
  kind: 'sweep_notification_history',
  timeoutMs: 10 * 60_000,
  maintenance: true,
  everyMs: () => SWEEP_EVERY_MS,
  firstRunAfterMs: () => FIRST_SWEEP_AFTER_MS,
  async run(ctx) {
    const removed = await sweepNotificationHistory(ctx);
    ctx.log.info({ removed }, 'removed notification history past its keeping time');
  },
});

/**
 * At most one wake per this many ms. Under a burst of publishing every settled batch
 * commits events (dozens of commits a second), and a dispatch run per commit costs
 * its claim, its transaction and its reschedule for a handful of rows each; one run
 * per window takes them all in one batch. A lone event still goes out at once.
 */
const WAKE_EVERY_MS = 100;
let lastWake = 0;
let trailingWake: NodeJS.Timeout | null = null;

/** Call after committing outbox rows: this process's runner dispatches them now (or at the window's end). */
export function wakeOutboxDispatch(): void {
  const wait = lastWake + WAKE_EVERY_MS - Date.now();
  if (wait <= 0) {
    dispatchNow();
    return;
  }
  if (trailingWake) return;
  trailingWake = setTimeout(() => {
    trailingWake = null;
    dispatchNow();
  }, wait);
  // A process that is otherwise done does not stay up for it: the next start's poll finds the rows.
  trailingWake.unref();
}

function dispatchNow(): void {
  lastWake = Date.now();
  runRecurringSoon(dispatchOutboxJob);
}
