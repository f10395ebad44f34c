import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  type CommentEvent,
  type CommentFacts,
  commentNotPosted,
  commentUnconfirmed,
  decideFirstComment,
  MAX_COMMENT_RATE_WAIT_MS,
} from './first-comment-outcome.ts';
import type { PublishLimits } from './outcome.ts';

const limits: PublishLimits = {
  maxAttempts: 3,
  retryBaseMs: 1000,
  retryMaxMs: 300_000,
  maxRateLimitWaits: 2,
  defaultRateLimitWaitMs: 60_000,
  pendingTimeoutMs: 60 * 60_000,
};
const facts = (over: Partial<CommentFacts> = {}): CommentFacts => ({
  platform: 'facebook',
  inFlight: false,
  failures: 0,
  rateLimitWaits: 0,
  ...over,
});
const error = (
  errorClass: Extract<CommentEvent, { kind: 'error' }>['errorClass'],
  extra = {},
): CommentEvent => ({
  kind: 'error',
  errorClass,
  message: 'why',
  ...extra,
});
const decide = (event: CommentEvent, over: Partial<CommentFacts> = {}) =>
  decideFirstComment(event, facts(over), limits, () => 0.5);

it('a refusal gives the comment up with the platform’s reason: the post stays published with a warning', () => {
  for (const c of ['refused', 'permanent', 'auth'] as const)
    assert.deepEqual(decide(error(c), { inFlight: true }), {
      action: 'give_up',
      warning: commentNotPosted('why'),
    });
});

it('a failure that may have reached the platform stays in flight, so the next run looks before commenting', () => {
  for (const c of ['transient', 'unknown_outcome', 'unexpected'] as const) {
    const d = decide(error(c), { inFlight: true, failures: 1 });
    assert.equal(d.action, 'retry');
    if (d.action === 'retry') {
      assert.equal(d.inFlight, true);
      assert.equal(d.failures, 2);
      assert.ok(d.inMs > 0);
    }
  }
  // Before the call was made, nothing is in flight.
  const before = decide(error('transient'));
  assert.equal(before.action === 'retry' && before.inFlight, false);
});

it('gives up after the attempts run out: "not posted", or "could not confirm" when it may exist', () => {
  assert.deepEqual(decide(error('transient'), { failures: 2 }), {
    action: 'give_up',
    warning: commentNotPosted('why (gave up after 3 attempts)'),
  });
  assert.deepEqual(decide(error('unknown_outcome'), { failures: 2, inFlight: true }), {
    action: 'give_up',
    warning: commentUnconfirmed('facebook', 'why (gave up after 3 attempts)'),
  });
  assert.deepEqual(decide({ kind: 'find_unknown', reason: 'no answer' }, { inFlight: true }), {
    action: 'give_up',
    warning: commentUnconfirmed('facebook', 'no answer'),
  });
});

it('waits a short rate limit; one that lasts past MAX_COMMENT_RATE_WAIT_MS (a daily quota) gives up', () => {
  assert.deepEqual(decide(error('rate_limited', { retryAfterMs: 30_000 }), { inFlight: true }), {
    action: 'wait_rate_limit',
    inMs: 30_000,
    reason: 'why',
    rateLimitWaits: 1,
    inFlight: false,
  });
  assert.equal(
    decide(error('rate_limited', { retryAfterMs: MAX_COMMENT_RATE_WAIT_MS + 1 })).action,
    'give_up',
  );
  assert.equal(decide(error('rate_limited'), { rateLimitWaits: 2 }).action, 'give_up');
});

it('an account that can not be used: retried unless only reconnecting helps', () => {
  assert.equal(decide({ kind: 'account_unavailable', final: false, message: 'x' }).action, 'retry');
  assert.deepEqual(decide({ kind: 'account_unavailable', final: true, message: 'reconnect' }), {
    action: 'give_up',
    warning: commentNotPosted('reconnect'),
  });
});
