/** Starts this process's job runner with the catalog and the configured limits (worker role). */
import type { AppContext } from '../context.ts';
import type { Workers } from '../workers.ts';
import { JOB_KINDS } from './kinds.ts';
import { createJobRunner } from './runner.ts';

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
  return { stop: () => runner.stop() };
}
