/**
 * Writing jobs. `enqueue` takes the database or the caller's open Kysely
 * transaction, so a job is saved together with the state it acts on (or not at
 * all when that transaction rolls back).
 */
import type { Kysely, Transaction } from 'kysely';
import { newId } from '../domain/ids.ts';
import type { Database } from '../store/schema.ts';
import type { JobsTable } from '../store/tables/jobs.ts';
import type { JobKind } from './catalog.ts';

export type Db = Kysely<Database> | Transaction<Database>;

export interface NewJob<P> {
  kind: JobKind<P>;
  projectId: string | null;
  payload: P;
  /** When the job becomes due (default now). */
  runAt?: Date | number;
  /** Overrides the kind's retry.maxAttempts. */
  maxAttempts?: number;
  /** A caller-chosen id (for example derived from the row it acts on); default a new one. */
  id?: string;
}

const toMs = (t: Date | number | undefined, now: number): number =>
  t === undefined ? now : typeof t === 'number' ? t : t.getTime();

/** `jobId`: one existing job (a recurring one) asked to run now rather than at its run_at. */
type WakeListener = (runAtMs: number, jobId?: string) => void;
const listeners = new Set<WakeListener>();

/**
 * Runners of this process listen here so a job enqueued here starts without
 * waiting for a poll, and a recurring job asked for runs at once.
 */
export function onJobsEnqueued(listener: WakeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Tells this process's runners that jobs became due (at `runAtMs`, default now).
 * enqueue calls it already; call it again right after committing a transaction
 * that enqueued jobs when their start should not wait for the next poll.
 */
export function wakeJobRunners(runAtMs: number = Date.now()): void {
  for (const l of listeners) l(runAtMs);
}

/**
 * Asks this process's runners to run the existing job `jobId` now: a runner that
 * holds it runs it again as soon as the current run ends; otherwise one claims it
 * if nobody holds it (its kind must be in that runner's catalog).
 */
export function wakeJob(jobId: string): void {
  const now = Date.now();
  for (const l of listeners) l(now, jobId);
}

/** The jobs row of a new job (for callers that write rows in bulk themselves, then wake the runners). */
export function jobRow<P>(job: NewJob<P>, now: number = Date.now()): JobsTable {
  const keys = job.kind.concurrency?.(job.payload) ?? {};
  return {
    id: job.id ?? newId('job', now),
    kind: job.kind.kind,
    project_id: job.projectId,
    payload: JSON.stringify(job.payload),
    run_at: toMs(job.runAt, now),
    attempts: 0,
    max_attempts: job.maxAttempts ?? job.kind.retry.maxAttempts,
    lease_owner: null,
    lease_until: null,
    last_error: null,
    platform: keys.platform ?? null,
    account: keys.account ?? null,
    created_at: new Date(now).toISOString(),
  };
}

/** Saves one job; returns its id. */
export async function enqueue<P>(db: Db, job: NewJob<P>): Promise<string> {
  const [id] = await enqueueMany(db, [job]);
  return id as string;
}

/** Saves many jobs in one statement per 500 rows; returns their ids in order. */
// biome-ignore lint/suspicious/noExplicitAny: a batch may mix kinds.
export async function enqueueMany(db: Db, jobs: readonly NewJob<any>[]): Promise<string[]> {
  if (jobs.length === 0) return [];
  const now = Date.now();
  const rows = jobs.map((j) => jobRow(j, now));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('jobs')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  wakeJobRunners(rows.reduce((min, r) => Math.min(min, r.run_at), Number.POSITIVE_INFINITY));
  return rows.map((r) => r.id);
}
