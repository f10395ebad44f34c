/**
 * The `series_next` job kind: creates a series' next occurrence once the one
 * before it is settled (next-occurrence.ts). Its id names the occurrence it
 * follows, so the settle transaction that enqueues it can only enqueue it once.
 */
import type { Transaction } from 'kysely';
import { defineJobKind } from '../../jobs/catalog.ts';
import { jobRow, wakeJobRunners } from '../../jobs/enqueue.ts';
import type { Database } from '../../store/schema.ts';
import { handOverSeries } from './next-occurrence.ts';

interface SeriesNextPayload {
  seriesId: string;
  /** The index of the occurrence that just settled. */
  afterIndex: number;
}

export const seriesNextJob = defineJobKind<SeriesNextPayload>({
  kind: 'series_next',
  retry: { maxAttempts: 20, baseDelayMs: 5_000, maxDelayMs: 10 * 60_000 },
  timeoutMs: 60_000,
  run: async (job, ctx) => {
    await handOverSeries(ctx, job.projectId ?? '', job.payload.seriesId, job.payload.afterIndex);
    return undefined;
  },
});

/** Enqueues the hand-over after occurrence `afterIndex` in the caller's transaction (once per occurrence). */
export async function enqueueSeriesNext(
  trx: Transaction<Database>,
  projectId: string,
  seriesId: string,
  afterIndex: number,
): Promise<void> {
  const row = jobRow({
    id: `sernext_${seriesId}_${afterIndex}`,
    kind: seriesNextJob,
    projectId,
    payload: { seriesId, afterIndex },
  });
  await trx
    .insertInto('jobs')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Wakes this process's runners for a hand-over enqueued by a transaction that just committed. */
export const wakeSeriesNext = (): void => wakeJobRunners();
