/**
 * What a failed run of a job means, for every job kind: run again at some time
 * or give up. The runner (a handler that threw), the webhook/e-mail delivery job
 * (an attempt the receiver refused) and the publishing engine (its transient
 * platform errors, src/domain/publishing/outcome.ts) all ask this one pure
 * function, so there is one place that says how failures are counted and spaced.
 */
import { backoffMs, type RetryPolicy } from './catalog.ts';

/** How the waits between attempts are spaced. */
export type RetrySpacing =
  /** Exponential backoff with jitter (catalog.ts backoffMs). */
  | { backoff: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'> }
  /** A fixed schedule: the wait before the 2nd, 3rd … attempt; the last one repeats. */
  | { delaysMs: readonly number[] }
  /** One wait chosen by the caller (a handler's own retryInMs). */
  | { fixedMs: number };

export interface FailureFacts {
  /** Failed attempts so far, this one included (1 after the first failure). */
  failures: number;
  /** Attempts allowed in total; the failure that reaches it is the last. */
  maxAttempts: number;
  spacing: RetrySpacing;
  /** A failure that no retry can fix (a deleted subscription, a refused post). */
  permanent?: boolean;
  random?: () => number;
}

export type FailureDecision = { action: 'retry'; inMs: number } | { action: 'give_up'; last: boolean };

/** Retry after the spacing's wait while attempts remain; give up on a permanent failure or the last one. */
export function decideFailure(facts: FailureFacts): FailureDecision {
  if (facts.permanent) return { action: 'give_up', last: false };
  if (facts.failures >= facts.maxAttempts) return { action: 'give_up', last: true };
  return { action: 'retry', inMs: waitBefore(facts.failures, facts.spacing, facts.random) };
}

/** The wait after the `failures`-th failure. */
export function waitBefore(failures: number, spacing: RetrySpacing, random = Math.random): number {
  if ('fixedMs' in spacing) return Math.max(0, spacing.fixedMs);
  if ('delaysMs' in spacing) return spacing.delaysMs[failures - 1] ?? spacing.delaysMs.at(-1) ?? 0;
  return backoffMs({ maxAttempts: 0, ...spacing.backoff }, failures, random);
}
