/**
 * What happens next to a target after something other than success, as one pure
 * function (DESIGN.md "Publishing, exactly once", "Jobs"): from what happened
 * (an error class, a pending answer, a refresh that failed…), the counts in the
 * attempt ledger, whether a create is in flight and the limits, to exactly one
 * decision. attempt.ts only carries decisions out.
 *
 * The exactly-once rule lives here: a create in flight stays in flight (the next
 * run reconciles) unless the platform gave a definite answer to the create call,
 * and a target whose create may have happened never fails with anything but the
 * "check the account" message. A post the platform is known to hold never fails
 * for want of the account or of answers: it is published with a warning.
 */
import { decideFailure } from '../../jobs/outcome.ts';
import type { ErrorClass, ExistingPost } from '../../platforms/contract.ts';

/** What the run was doing: loading the account, asking whether a create happened, or publishing. */
export type Phase = 'prepare' | 'reconcile' | 'publish';

export type PublishEvent =
  /** A platform call failed with this class (`unexpected`: a bug or a non-platform error). */
  | { kind: 'error'; errorClass: ErrorClass | 'unexpected'; message: string; retryAfterMs?: number }
  /** The platform is still processing: look again later. */
  | { kind: 'pending'; retryInMs: number; reason: string }
  /** reconcile could not tell whether the post exists. */
  | { kind: 'reconcile_unknown'; reason: string }
  /** The account could not be loaded; `final` when only reconnecting helps. */
  | { kind: 'account_unavailable'; final: boolean; message: string }
  /**
   * The token refresh after the platform refused a call (an `auth` answer) failed;
   * `final` when only reconnecting helps. The refusal itself is a definite answer: a
   * create call refused this way made no post.
   */
  | { kind: 'refresh_failed'; final: boolean; message: string }
  /** The job used up its claims (workers kept dying or timing out on it). */
  | { kind: 'exhausted'; attempts: number; message: string }
  /** No adapter publishes to this platform. */
  | { kind: 'unsupported' };

export interface PublishFacts {
  platform: string;
  phase: Phase;
  /** The ledger says a create call was made and its result is not known. */
  createInFlight: boolean;
  /** publish() was called at some point (kept for the ledger's history; refunds depend on createInFlight). */
  reachedPlatform: boolean;
  /** This run already refreshed the token once. */
  refreshedThisRun: boolean;
  transientFailures: number;
  rateLimitWaits: number;
  /** When the target first answered pending (ISO), if it did. */
  pendingSince?: string | undefined;
  /** The platform holds the post already (the ledger's `exists`); steps that finish it remain. */
  postExists?: ExistingPost | null | undefined;
  now: Date;
}

export interface PublishLimits {
  /** PUBLISH_MAX_ATTEMPTS: transient failures a target may have, the last one included. */
  maxAttempts: number;
  /** PUBLISH_RETRY_BASE_MS and the cap of the backoff. */
  retryBaseMs: number;
  retryMaxMs: number;
  maxRateLimitWaits: number;
  /** The wait when a rate limit came without one. */
  defaultRateLimitWaitMs: number;
  /** PUBLISH_PENDING_TIMEOUT_MS. */
  pendingTimeoutMs: number;
}

export type PublishDecision =
  /**
   * Run again after a backoff. `next: 'reconcile'` keeps the create in flight, so
   * the next run asks the platform before anything else; `'publish'` clears it.
   */
  | {
      action: 'retry';
      inMs: number;
      reason: string;
      transientFailures: number;
      next: 'publish' | 'reconcile';
    }
  /** Run again after the platform's rate-limit wait; does not count as a failure. */
  | {
      action: 'wait_rate_limit';
      inMs: number;
      reason: string;
      rateLimitWaits: number;
      next: 'publish' | 'reconcile';
    }
  /** Refresh the token once, then try again in this run (clearing a create the platform refused). */
  | { action: 'refresh_then_retry'; clearInFlight: boolean }
  /** The platform is processing: look again in `inMs`; nothing counts, nothing changes in flight. */
  | { action: 'look_again'; inMs: number; reason: string; pendingSince: string }
  /**
   * The target fails with this message for the user; `refund` unless the post may
   * exist on the platform (a create whose outcome is unknown: "check the account").
   */
  | { action: 'fail'; message: string; refund: boolean }
  /**
   * The platform holds the post, but what finishes it could not be confirmed (the
   * account's access is gone, retries or the pending limit ran out): published
   * with what is known and a warning that says what was not confirmed and why.
   */
  | { action: 'published_unconfirmed'; platformPostId: string; platformPostUrl: string; warning: string };

export const checkAccountMessage = (platform: string, why: string) =>
  `Could not confirm whether the post was created on ${platform} (${why}). Check the account before publishing it again.`;

/**
 * The failure of an account that must be connected again. The account's own sentence
 * (integrations/reconnect-message.ts) already says so, naming the account: said once.
 */
const needsReconnecting = (platform: string, message: string) =>
  /needs reconnecting/.test(message) ? message : `The ${platform} account needs reconnecting: ${message}`;

export function decidePublishOutcome(
  event: PublishEvent,
  facts: PublishFacts,
  limits: PublishLimits,
  random: () => number = Math.random,
): PublishDecision {
  /**
   * A definite answer to the create call means the post was not created: the
   * platform answered it with a refusal (any class but an unknown outcome), or
   * refused its token (`auth`, then a refresh that failed: refresh_failed follows
   * only such a refusal).
   */
  const definite =
    facts.phase === 'publish' &&
    ((event.kind === 'error' &&
      event.errorClass !== 'unknown_outcome' &&
      event.errorClass !== 'unexpected') ||
      event.kind === 'refresh_failed');
  const next = facts.createInFlight && !definite ? 'reconcile' : 'publish';
  // The refund rule (README "Credits") follows what is known about the platform call:
  // a target that fails is refunded, whether the platform refused it, the account
  // needs reconnecting or the platform is not available, because the request itself
  // was valid (its shape was checked before it was accepted). Only a target whose
  // create call has an unknown outcome (the post may exist) keeps its charge, and its
  // message is always the "check the account" one, so message and charge agree.
  const mayExist = next === 'reconcile';
  // A post the platform holds fails only when the platform itself refused it (YouTube
  // rejected the video); anything else that stops its finishing steps publishes it
  // with a warning.
  const post = facts.postExists;
  const refusedByPlatform = event.kind === 'error' && event.errorClass === 'permanent';
  const fail = (why: string): PublishDecision => {
    if (post && refusedByPlatform) return { action: 'fail', message: why, refund: true };
    if (post)
      return {
        action: 'published_unconfirmed',
        platformPostId: post.platformPostId,
        platformPostUrl: post.platformPostUrl,
        warning: `The post is on ${facts.platform}, but ${post.awaiting} could not be confirmed: ${why}`,
      };
    return mayExist
      ? { action: 'fail', message: checkAccountMessage(facts.platform, why), refund: false }
      : { action: 'fail', message: why, refund: true };
  };

  const retry = (message: string): PublishDecision => {
    const failures = facts.transientFailures + 1;
    const d = decideFailure({
      failures,
      maxAttempts: limits.maxAttempts,
      spacing: { backoff: { baseDelayMs: limits.retryBaseMs, maxDelayMs: limits.retryMaxMs } },
      random,
    });
    if (d.action === 'retry')
      return { action: 'retry', inMs: d.inMs, reason: message, transientFailures: failures, next };
    // With a create of unknown outcome the message is the platform's (fail adds "check the account").
    return fail(next === 'reconcile' ? message : `${message} (gave up after ${failures} attempts)`);
  };

  switch (event.kind) {
    case 'unsupported':
      return fail(`Publishing to ${facts.platform} is not supported`);
    case 'account_unavailable':
      return event.final ? fail(event.message) : retry(event.message);
    case 'refresh_failed':
      return event.final
        ? fail(needsReconnecting(facts.platform, event.message))
        : retry(`token refresh failed: ${event.message}`);
    case 'reconcile_unknown':
      return fail(event.reason);
    case 'exhausted':
      return fail(
        facts.createInFlight
          ? `publishing stopped after ${event.attempts} attempts: ${event.message}`
          : `Publishing did not finish after ${event.attempts} attempts: ${event.message}`,
      );
    case 'pending':
      return lookAgain(event, facts, limits, fail);
    case 'error':
      break;
  }

  switch (event.errorClass) {
    case 'auth':
      if (facts.refreshedThisRun)
        return fail(
          `${facts.platform} refused the account's authorization even after a token refresh: ${event.message}. Reconnect the account.`,
        );
      return { action: 'refresh_then_retry', clearInFlight: definite && facts.createInFlight };
    case 'rate_limited': {
      const waits = facts.rateLimitWaits + 1;
      if (waits > limits.maxRateLimitWaits)
        return fail(`${event.message} (still rate limited after ${waits - 1} waits)`);
      return {
        action: 'wait_rate_limit',
        inMs: event.retryAfterMs ?? limits.defaultRateLimitWaitMs,
        reason: event.message,
        rateLimitWaits: waits,
        next,
      };
    }
    case 'permanent':
      return fail(event.message);
    case 'transient':
    case 'unknown_outcome':
    case 'unexpected':
      return retry(event.message);
  }
}

/** Pending: look again as asked, but never past PUBLISH_PENDING_TIMEOUT_MS after the first pending answer. */
function lookAgain(
  event: { retryInMs: number; reason: string },
  facts: PublishFacts,
  limits: PublishLimits,
  fail: (message: string) => PublishDecision,
): PublishDecision {
  const now = facts.now.getTime();
  const since = facts.pendingSince ? Date.parse(facts.pendingSince) : now;
  const left = since + limits.pendingTimeoutMs - now;
  if (left <= 0) {
    const minutes = Math.round(limits.pendingTimeoutMs / 60_000);
    const why = `${facts.platform} was still processing the post after ${minutes} minutes: ${event.reason}`;
    return fail(why);
  }
  return {
    action: 'look_again',
    inMs: Math.min(Math.max(0, event.retryInMs), left),
    reason: event.reason,
    pendingSince: new Date(since).toISOString(),
  };
}
