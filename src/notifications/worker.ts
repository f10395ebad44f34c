/**
 * The notification worker (worker and all roles): turns new outbox events into
 * deliveries every NOTIFICATION_POLL_MS (their jobs are then run by the job
 * runner), removes history older than NOTIFICATION_HISTORY_DAYS once an hour
 * (the first time a minute after start, so frequent restarts still sweep), and
 * on stop closes the connections deliveries share.
 */
import type { AppContext } from '../context.ts';
import type { Workers } from '../workers.ts';
import { dispatchOutbox } from './outbox.ts';
import { sweepNotificationHistory } from './retention.ts';
import { closeSenders } from './senders.ts';

const SWEEP_EVERY_MS = 60 * 60_000;
const FIRST_SWEEP_AFTER_MS = 60_000;

export function startNotificationWorker(ctx: AppContext): Workers {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;

  let nextSweep = Date.now() + FIRST_SWEEP_AFTER_MS;

  const loop = (async () => {
    while (!stopped) {
      if (Date.now() >= nextSweep) {
        nextSweep = Date.now() + SWEEP_EVERY_MS;
        try {
          const removed = await sweepNotificationHistory(ctx);
          ctx.log.info({ removed }, 'removed notification history past its keeping time');
        } catch (err) {
          ctx.log.error({ err }, 'removing old notification history failed; retrying in an hour');
        }
      }
      let more = false;
      try {
        more = (await dispatchOutbox(ctx)) > 0;
      } catch (err) {
        if (!stopped) ctx.log.error({ err }, 'dispatching outbox events failed; retrying at the next poll');
      }
      if (stopped) break;
      if (more) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, ctx.config.NOTIFICATION_POLL_MS);
      });
    }
  })();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      (wake as (() => void) | null)?.();
      await loop;
      await closeSenders(ctx, ctx.config.SHUTDOWN_TIMEOUT_MS);
    },
  };
}
