/**
 * Background work run by the `worker` and `all` roles. Each part registers a
 * starter here; stop() lets in-flight work finish and hands back what it holds.
 */
import type { AppContext } from './context.ts';
import { startNotificationWorker } from './notifications/worker.ts';

export interface Workers {
  stop(): Promise<void>;
}

type Starter = (ctx: AppContext) => Workers;

const STARTERS: Starter[] = [startNotificationWorker];

export function startWorkers(ctx: AppContext): Workers {
  const running = STARTERS.map((start) => start(ctx));
  return {
    async stop() {
      await Promise.all(running.map((w) => w.stop()));
    },
  };
}
