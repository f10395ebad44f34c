/**
 * Background work run by the `worker` and `all` roles. Each part registers a
 * starter here; stop() lets in-flight work finish and hands back what it holds.
 */
import { setFlagsFromString } from 'node:v8';
import type { AppContext } from './context.ts';
import { startTokenRefreshSchedule } from './domain/integrations/refresh-job.ts';
import { startJobWorker } from './jobs/start.ts';
import { startNotificationWorker } from './notifications/worker.ts';

export interface Workers {
  stop(): Promise<void>;
}

type Starter = (ctx: AppContext) => Workers;

const STARTERS: Starter[] = [startJobWorker, startNotificationWorker, startTokenRefreshSchedule];

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
  const running = STARTERS.map((start) => start(ctx));
  // A worker process stays up waiting for work even while no part holds a timer.
  const keepAlive = setInterval(() => {}, 2 ** 30);
  return {
    async stop() {
      clearInterval(keepAlive);
      await Promise.all(running.map((w) => w.stop()));
    },
  };
}
