/**
 * The job catalog's building block. Each area defines its kinds in its own file
 * with `defineJobKind({...})` and adds the result to `JOB_KINDS` in ./kinds.ts:
 *
 *   export const deliverWebhook = defineJobKind<{ deliveryId: string }>({
 *     kind: 'deliver_webhook',
 *     retry: { maxAttempts: 3, baseDelayMs: 30_000, maxDelayMs: 300_000 },
 *     timeoutMs: 15_000,
 *     run: async (job, ctx) => { ... },
 *   });
 *
 * A handler that returns normally finishes the job (the row is deleted in a
 * later batch). One that throws is retried with exponential backoff and jitter
 * until `maxAttempts` claims were used, then `onExhausted` runs (decideFailure in
 * ./outcome.ts says which). A handler may also return `{ retryInMs }` to run
 * again later on its own terms (for example the wait a platform asked for),
 * optionally without using up an attempt. Periodic work is a recurring kind
 * (./recurring.ts), not a timer. Handlers must be idempotent: a worker may die
 * after the work and before the row is deleted, and the job then runs again.
 */
import type { AppContext } from '../context.ts';

export interface RetryPolicy {
  /** Claims a job may use in total, the first run included. */
  maxAttempts: number;
  /** Delay before the second attempt; it doubles per attempt up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface ConcurrencyKeys {
  /** Jobs with the same platform share the runner's per-platform limit. */
  platform?: string | null;
  /** Jobs with the same account share the runner's per-account limit. */
  account?: string | null;
}

/** What a handler sees of the job it runs. */
export interface RunningJob<P> {
  id: string;
  kind: string;
  projectId: string | null;
  payload: P;
  /** 1 on the first claim, 2 on the second… */
  attempt: number;
  maxAttempts: number;
  /** Error text of the previous attempt, if any. */
  lastError: string | null;
  /** Fires when the kind's timeout passes, when the lease is lost, or when the runner stops for good. */
  signal: AbortSignal;
  /** The runner that holds the lease (fencing: compare with jobs.lease_owner inside a transaction). */
  leaseOwner: string;
}

/** A handler's request to run again later instead of finishing. */
export interface RetryLater {
  retryInMs: number;
  /** Recorded as last_error. */
  reason?: string;
  /** false: this run does not use up one of maxAttempts (waits the platform asked for). Default true. */
  countsAsAttempt?: boolean;
}

export interface JobKind<P> {
  kind: string;
  retry: RetryPolicy;
  /** The handler's signal aborts after this long; the run then counts as a failed attempt. */
  timeoutMs: number;
  concurrency?: (payload: P) => ConcurrencyKeys;
  run: (job: RunningJob<P>, ctx: AppContext) => Promise<undefined | RetryLater>;
  /** Runs once when the last attempt failed, before the row is deleted (mark the work failed). */
  onExhausted?: (job: RunningJob<P>, error: string, ctx: AppContext) => Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: the catalog holds kinds of every payload type.
export type AnyJobKind = JobKind<any>;

export function defineJobKind<P>(definition: JobKind<P>): JobKind<P> {
  if (!/^[a-z][a-z0-9_]*$/.test(definition.kind))
    throw new Error(`Job kind name "${definition.kind}" must be snake_case`);
  if (definition.retry.maxAttempts < 1) throw new Error(`Job kind ${definition.kind}: maxAttempts < 1`);
  return definition;
}

/**
 * Backoff before attempt `attempt + 1`: base × 2^(attempt−1), capped, with
 * "equal jitter" (half fixed, half random) so retries of a burst spread out.
 */
export function backoffMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** Builds the lookup the runner uses; two kinds with one name are a programming error. */
export function catalogOf(kinds: readonly AnyJobKind[]): Map<string, AnyJobKind> {
  const map = new Map<string, AnyJobKind>();
  for (const k of kinds) {
    if (map.has(k.kind)) throw new Error(`Job kind ${k.kind} is defined twice`);
    map.set(k.kind, k);
  }
  return map;
}
