/**
 * Starts this process's job runner with the catalog and the configured limits
 * (worker role), after making sure each recurring kind has its row.
 */
import type { AppContext } from '../context.ts';
import { JOB_KINDS } from './kinds.ts';
import { ensureRecurringJobs } from './recurring.ts';
import { createJobRunner } from './runner.ts';

/** Background work that stop() lets finish, handing back what it holds. */
export interface Workers {
  stop(): Promise<void>;
}

const ENSURE_RETRY_MS = 5_000;

export function startJobWorker(ctx: AppContext): Workers {
  const runner = createJobRunner(ctx, {
    kinds: JOB_KINDS,
    limits: {
      total: ctx.config.JOBS_CONCURRENCY,
      perPlatform: ctx.config.JOBS_PER_PLATFORM,
      perAccount: ctx.config.JOBS_PER_ACCOUNT,
    },
    pollMs: ctx.config.JOBS_POLL_MS,
    leaseMs: ctx.config.JOBS_LEASE_MS,
    stopGraceMs: Math.max(0, Math.floor(ctx.config.SHUTDOWN_TIMEOUT_MS / 2)),
  });
  runner.start();
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const ensure = (): Promise<void> =>
    ensureRecurringJobs(ctx.store, ctx.config, JOB_KINDS).catch((err) => {
      if (stopped) return;
      ctx.log.error({ err }, 'creating the recurring jobs failed; retrying');
      retry = setTimeout(() => {
        ensuring = ensure();
      }, ENSURE_RETRY_MS);
    });
  let ensuring = ensure();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await ensuring;
      await runner.stop();
    },
  };
}
