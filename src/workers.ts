/**
 * Background work run by the `worker` and `all` roles. Each part registers a
 * starter here; stop() lets in-flight work finish and hands back what it holds.
 */
import type { AppContext } from './context.ts';
import { startTokenRefreshSchedule } from './domain/integrations/refresh-job.ts';
import { startJobWorker } from './jobs/start.ts';
import { startNotificationWorker } from './notifications/worker.ts';

export interface Workers {
  stop(): Promise<void>;
}

type Starter = (ctx: AppContext) => Workers;

const STARTERS: Starter[] = [startJobWorker, startNotificationWorker, startTokenRefreshSchedule];

export function startWorkers(ctx: AppContext): Workers {
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
