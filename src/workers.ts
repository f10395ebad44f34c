/**
 * Background work run by the `worker` and `all` roles: the job runner, which
 * also runs the periodic work (token refresh, outbox dispatch, retention) as
 * recurring kinds. stop() lets in-flight jobs finish, hands back what the
 * runner holds, then closes the connections deliveries share.
 */
import { setFlagsFromString } from 'node:v8';
import type { AppContext } from './context.ts';
import { startJobWorker, type Workers } from './jobs/start.ts';
import { closeSenders } from './notifications/senders.ts';

export type { Workers } from './jobs/start.ts';

/**
 * A worker allocates fast (rows, requests, answers for every job) and keeps
 * little: its live heap stays near 50 MB under a spike. By default V8 then lets
 * the heap grow to several times that between full collections (about 500 MB
 * under a 100,000-target spike); growing by at most 30% keeps it near 200 MB for
 * a few more, short, collections.
 */
const WORKER_HEAP_GROWING_PERCENT = 30;

export function startWorkers(ctx: AppContext): Workers {
  setFlagsFromString(`--heap-growing-percent=${WORKER_HEAP_GROWING_PERCENT}`);
  const jobs = startJobWorker(ctx);
  // A worker process stays up waiting for work even while no part holds a timer.
  const keepAlive = setInterval(() => {}, 2 ** 30);
  return {
    async stop() {
      clearInterval(keepAlive);
      await jobs.stop();
      await closeSenders(ctx, ctx.config.SHUTDOWN_TIMEOUT_MS);
    },
  };
}
