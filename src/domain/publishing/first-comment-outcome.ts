/**
 * What happens to a first comment after something other than success, as one
 * pure function beside decidePublishOutcome (outcome.ts). The post is live
 * already, so a comment never fails its target: it is retried while that may
 * help, and otherwise given up with a warning (the target stays published, the
 * post ends `partial`). The exactly-once rule is the create's: a call that may
 * have reached the platform (no answer, a server error) stays in flight, and the
 * next run looks for the comment before posting it again; one that can not be
 * confirmed is given up with a message to check the post, never posted twice.
 */
import { decideFailure } from '../../jobs/outcome.ts';
import type { ErrorClass } from '../../platforms/contract.ts';
import type { PublishLimits } from './outcome.ts';

export type CommentEvent =
  /**
   * A call failed: a platform error class, `refused` (the platform refused this
   * comment for good: comments off, a missing permission...) or `unexpected`.
   */
  | {
      kind: 'error';
      errorClass: ErrorClass | 'refused' | 'unexpected';
      message: string;
      retryAfterMs?: number;
    }
  /** `find` could not tell whether the comment is there. */
  | { kind: 'find_unknown'; reason: string }
  /** The account could not be used (a refresh that failed, a token refused after one); `final`: only reconnecting helps. */
  | { kind: 'account_unavailable'; final: boolean; message: string };

export interface CommentFacts {
  platform: string;
  /** The comment call may have been made and its outcome is not known. */
  inFlight: boolean;
  /** Failed calls that may be retried, before this one. */
  failures: number;
  rateLimitWaits: number;
}

export type CommentDecision =
  /** Run again after `inMs`; `inFlight`: the next run looks for the comment first. */
  | { action: 'retry'; inMs: number; reason: string; failures: number; inFlight: boolean }
  | { action: 'wait_rate_limit'; inMs: number; reason: string; rateLimitWaits: number; inFlight: boolean }
  /** No comment: the target is published with this warning. */
  | { action: 'give_up'; warning: string };

/**
 * The longest rate-limit wait worth a first comment: one that only comes back
 * tomorrow (YouTube's daily quota) is given up, since by then it is not first.
 */
export const MAX_COMMENT_RATE_WAIT_MS = 15 * 60_000;

export const commentNotPosted = (why: string) => `The first comment was not posted: ${why}`;

/** A warning of a post settled before it was confirmed live, for a target that had a first comment to post. */
export const withCommentNotPosted = (warning: string) =>
  `${warning}; ${commentNotPosted('the post was not confirmed live')}`;
export const commentUnconfirmed = (platform: string, why: string) =>
  `Could not confirm whether the first comment was posted on ${platform} (${why}). Check the post before commenting again.`;

export function decideFirstComment(
  event: CommentEvent,
  facts: CommentFacts,
  limits: PublishLimits,
  random: () => number = Math.random,
): CommentDecision {
  /** A definite answer (a refusal, a rate limit, a refused token) means the comment was not made. */
  const definite =
    event.kind === 'error' &&
    (event.errorClass === 'refused' ||
      event.errorClass === 'permanent' ||
      event.errorClass === 'rate_limited' ||
      event.errorClass === 'auth');
  const inFlight = facts.inFlight && !definite;
  const giveUp = (why: string): CommentDecision => ({
    action: 'give_up',
    warning: inFlight ? commentUnconfirmed(facts.platform, why) : commentNotPosted(why),
  });
  const retry = (why: string): CommentDecision => {
    const failures = facts.failures + 1;
    const d = decideFailure({
      failures,
      maxAttempts: limits.maxAttempts,
      spacing: { backoff: { baseDelayMs: limits.retryBaseMs, maxDelayMs: limits.retryMaxMs } },
      random,
    });
    if (d.action === 'retry') return { action: 'retry', inMs: d.inMs, reason: why, failures, inFlight };
    return giveUp(`${why} (gave up after ${failures} attempts)`);
  };

  switch (event.kind) {
    case 'find_unknown':
      return { action: 'give_up', warning: commentUnconfirmed(facts.platform, event.reason) };
    case 'account_unavailable':
      return event.final ? giveUp(event.message) : retry(event.message);
    case 'error':
      break;
  }
  switch (event.errorClass) {
    case 'refused':
    case 'permanent':
    case 'auth':
      return giveUp(event.message);
    case 'rate_limited': {
      const waits = facts.rateLimitWaits + 1;
      const wait = event.retryAfterMs ?? limits.defaultRateLimitWaitMs;
      if (wait > MAX_COMMENT_RATE_WAIT_MS || waits > limits.maxRateLimitWaits) return giveUp(event.message);
      return {
        action: 'wait_rate_limit',
        inMs: wait,
        reason: event.message,
        rateLimitWaits: waits,
        inFlight,
      };
    }
    case 'transient':
    case 'unknown_outcome':
    case 'unexpected':
      return retry(event.message);
  }
}
