/**
 * The notification worker (worker and all roles): turns new outbox events into
 * deliveries every NOTIFICATION_POLL_MS (their jobs are then run by the job
 * runner), and on stop closes the connections deliveries share.
 */
import type { AppContext } from '../context.ts';
import type { Workers } from '../workers.ts';
import { dispatchOutbox } from './outbox.ts';
import { closeSenders } from './senders.ts';

export function startNotificationWorker(ctx: AppContext): Workers {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;

  const loop = (async () => {
    while (!stopped) {
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
