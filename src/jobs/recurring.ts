/**
 * Recurring jobs: periodic work (the token refresh sweep, outbox dispatch,
 * notification history retention) as kinds of the one job runner instead of
 * timers beside it (DESIGN.md "Jobs": there is no other scheduler). Each kind
 * has exactly one row, with a fixed id, inserted idempotently when a worker
 * starts; a run re-queues it for the next period without counting an attempt.
 * So however many worker nodes run, one sweep runs at a time, and the sweep of
 * a node that died is taken over by another when its lease ends.
 */
import type { Config } from '../config.ts';
import { type AppContext, inMaintenanceScope } from '../context.ts';
import type { Store } from '../store/db.ts';
import { type AnyJobKind, defineJobKind, type JobKind } from './catalog.ts';
import { jobRow, wakeJob, wakeJobRunners } from './enqueue.ts';

export type RecurringPayload = Record<string, never>;

export interface RecurringJobKind extends JobKind<RecurringPayload> {
  recurring: {
    /** The fixed id of the kind's one row. */
    id: string;
    /** Wait from the end of one run to the start of the next. */
    everyMs(config: Config): number;
    /** Wait before the first run when the row is first created. */
    firstRunAfterMs(config: Config): number;
  };
}

export interface RecurringDefinition {
  kind: string;
  /** The run's signal aborts after this long; the next run comes a period later. */
  timeoutMs: number;
  everyMs(config: Config): number;
  /** Default: at once. */
  firstRunAfterMs?(config: Config): number;
  /**
   * true: the run is background maintenance (a retention sweep) and works in
   * maintenance scope (inMaintenanceScope): its statements are held to
   * DATABASE_MAINTENANCE_TIMEOUT_MS, not to the request deadline.
   */
  maintenance?: boolean;
  /** One run. A failure is logged and the job simply runs again a period later. */
  run(ctx: AppContext, signal: AbortSignal): Promise<void>;
}

export const recurringJobId = (kind: string): string => `recurring_${kind}`;

export function defineRecurringJob(def: RecurringDefinition): RecurringJobKind {
  const kind = defineJobKind<RecurringPayload>({
    kind: def.kind,
    // Never used up: runs do not count (countsAsAttempt false) and failures are caught.
    retry: { maxAttempts: 1_000_000_000, baseDelayMs: 1000, maxDelayMs: 60_000 },
    timeoutMs: def.timeoutMs,
    run: async (job, ctx) => {
      try {
        if (def.maintenance) await inMaintenanceScope(ctx, (scoped) => def.run(scoped, job.signal));
        else await def.run(ctx, job.signal);
      } catch (err) {
        ctx.log.error({ err, kind: def.kind }, 'recurring job failed; it runs again at its next period');
      }
      return { retryInMs: def.everyMs(ctx.config), countsAsAttempt: false };
    },
  });
  return {
    ...kind,
    recurring: {
      id: recurringJobId(def.kind),
      everyMs: def.everyMs,
      firstRunAfterMs: def.firstRunAfterMs ?? (() => 0),
    },
  };
}

export const isRecurring = (kind: AnyJobKind): kind is RecurringJobKind => 'recurring' in kind;

/**
 * Inserts the one row of each recurring kind unless it exists (a row another
 * node inserted, or one left by an earlier start, keeps its schedule and lease).
 */
export async function ensureRecurringJobs(
  store: Store,
  config: Config,
  kinds: readonly AnyJobKind[],
  now: number = Date.now(),
): Promise<void> {
  const rows = kinds.filter(isRecurring).map((k) =>
    jobRow(
      {
        id: k.recurring.id,
        kind: k,
        projectId: null,
        payload: {},
        runAt: now + k.recurring.firstRunAfterMs(config),
      },
      now,
    ),
  );
  if (rows.length === 0) return;
  await store.db
    .insertInto('jobs')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  wakeJobRunners(Math.min(...rows.map((r) => r.run_at)));
}

/** Asks this process's runners to run a recurring job now instead of at its next period. */
export function runRecurringSoon(kind: RecurringJobKind): void {
  wakeJob(kind.recurring.id);
}
