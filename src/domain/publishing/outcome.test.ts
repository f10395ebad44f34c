import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkAccountMessage,
  decidePublishOutcome,
  type PublishEvent,
  type PublishFacts,
  type PublishLimits,
} from './outcome.ts';

const NOW = new Date('2026-01-01T12:00:00.000Z');
const limits: PublishLimits = {
  maxAttempts: 3,
  retryBaseMs: 1000,
  retryMaxMs: 300_000,
  maxRateLimitWaits: 2,
  defaultRateLimitWaitMs: 60_000,
  pendingTimeoutMs: 60 * 60_000,
};
const facts = (over: Partial<PublishFacts> = {}): PublishFacts => ({
  platform: 'twitter',
  phase: 'publish',
  createInFlight: false,
  reachedPlatform: true,
  refreshedThisRun: false,
  transientFailures: 0,
  rateLimitWaits: 0,
  now: NOW,
  ...over,
});
const error = (
  errorClass: Extract<PublishEvent, { kind: 'error' }>['errorClass'],
  extra = {},
): PublishEvent => ({
  kind: 'error',
  errorClass,
  message: `${errorClass} from the platform`,
  ...extra,
});
const decide = (event: PublishEvent, over: Partial<PublishFacts> = {}) =>
  decidePublishOutcome(event, facts(over), limits, () => 1);
const checkAccount = (why: string) => checkAccountMessage('twitter', why);

describe('transient failures', () => {
  it('retry with backoff, counted, publishing again when nothing is in flight', () => {
    assert.deepEqual(decide(error('transient'), { transientFailures: 1 }), {
      action: 'retry',
      inMs: 2000,
      reason: 'transient from the platform',
      transientFailures: 2,
      next: 'publish',
    });
  });
  it('a definite answer to the create call clears the create in flight', () => {
    const d = decide(error('transient'), { createInFlight: true });
    assert.equal(d.action === 'retry' && d.next, 'publish');
  });
  it('during reconcile the create stays in flight', () => {
    const d = decide(error('transient'), { createInFlight: true, phase: 'reconcile' });
    assert.equal(d.action === 'retry' && d.next, 'reconcile');
  });
  it('give up after the last attempt with the count, or with the check-the-account message when in flight', () => {
    assert.deepEqual(decide(error('transient'), { transientFailures: 2 }), {
      action: 'fail',
      message: 'transient from the platform (gave up after 3 attempts)',
      refund: true,
    });
    assert.deepEqual(
      decide(error('transient'), { transientFailures: 2, phase: 'reconcile', createInFlight: true }),
      {
        action: 'fail',
        message: checkAccount('transient from the platform'),
        refund: false,
      },
    );
  });
  it('an unexpected error is retried without clearing a create in flight', () => {
    const d = decide(error('unexpected'), { createInFlight: true });
    assert.equal(d.action === 'retry' && d.next, 'reconcile');
  });
});

describe('unknown outcome', () => {
  it('keeps the create in flight so the next run reconciles first', () => {
    const d = decide(error('unknown_outcome'), { createInFlight: true });
    assert.deepEqual(d, {
      action: 'retry',
      inMs: 1000,
      reason: 'unknown_outcome from the platform',
      transientFailures: 1,
      next: 'reconcile',
    });
  });
  it('before any create it simply publishes again', () => {
    const d = decide(error('unknown_outcome'));
    assert.equal(d.action === 'retry' && d.next, 'publish');
  });
  it('out of attempts with a create in flight: check the account, never a second create', () => {
    const d = decide(error('unknown_outcome'), { createInFlight: true, transientFailures: 2 });
    assert.deepEqual(d, {
      action: 'fail',
      message: checkAccount('unknown_outcome from the platform'),
      refund: false,
    });
  });
});

describe('rate limits', () => {
  it('wait as the platform says, not counted as a failure', () => {
    assert.deepEqual(decide(error('rate_limited', { retryAfterMs: 5000 })), {
      action: 'wait_rate_limit',
      inMs: 5000,
      reason: 'rate_limited from the platform',
      rateLimitWaits: 1,
      next: 'publish',
    });
  });
  it('wait the default when the platform gave no wait; keep a create in flight while reconciling', () => {
    const d = decide(error('rate_limited'), { phase: 'reconcile', createInFlight: true });
    assert.equal(d.action === 'wait_rate_limit' && d.inMs, 60_000);
    assert.equal(d.action === 'wait_rate_limit' && d.next, 'reconcile');
  });
  it('fail after too many waits', () => {
    assert.deepEqual(decide(error('rate_limited'), { rateLimitWaits: 2 }), {
      action: 'fail',
      message: 'rate_limited from the platform (still rate limited after 2 waits)',
      refund: true,
    });
  });
});

describe('auth', () => {
  it('refresh once and try again; a refused create is no longer in flight', () => {
    assert.deepEqual(decide(error('auth')), { action: 'refresh_then_retry', clearInFlight: false });
    assert.deepEqual(decide(error('auth'), { createInFlight: true }), {
      action: 'refresh_then_retry',
      clearInFlight: true,
    });
    assert.deepEqual(decide(error('auth'), { createInFlight: true, phase: 'reconcile' }), {
      action: 'refresh_then_retry',
      clearInFlight: false,
    });
  });
  it('refused again after the refresh: reconnect, and the credit is refunded', () => {
    const d = decide(error('auth'), { refreshedThisRun: true });
    assert.equal(d.action, 'fail');
    assert.equal(d.action === 'fail' && d.refund, true);
    assert.match(
      d.action === 'fail' ? d.message : '',
      /even after a token refresh: auth from the platform\. Reconnect/,
    );
  });
  it('a refresh that can not succeed fails; one that may later is retried', () => {
    assert.deepEqual(decide({ kind: 'refresh_failed', final: true, message: 'invalid_grant' }), {
      action: 'fail',
      message: 'The twitter account needs reconnecting: invalid_grant',
      refund: true,
    });
    const d = decide(
      { kind: 'refresh_failed', final: false, message: 'timeout' },
      { createInFlight: true, phase: 'reconcile' },
    );
    assert.equal(d.action, 'retry');
    assert.equal(d.action === 'retry' && d.reason, 'token refresh failed: timeout');
    assert.equal(d.action === 'retry' && d.next, 'reconcile');
  });
  it('a create call whose token was refused made no post: refunded when the refresh fails, created again when it may succeed later', () => {
    assert.deepEqual(
      decide({ kind: 'refresh_failed', final: true, message: 'invalid_grant' }, { createInFlight: true }),
      { action: 'fail', message: 'The twitter account needs reconnecting: invalid_grant', refund: true },
    );
    const d = decide({ kind: 'refresh_failed', final: false, message: 'timeout' }, { createInFlight: true });
    assert.equal(d.action === 'retry' && d.next, 'publish');
  });
  it('while reconciling a create of unknown outcome, a refused token keeps the charge and says to check the account', () => {
    assert.deepEqual(
      decide(
        { kind: 'refresh_failed', final: true, message: 'invalid_grant' },
        { createInFlight: true, phase: 'reconcile' },
      ),
      {
        action: 'fail',
        message: checkAccount('The twitter account needs reconnecting: invalid_grant'),
        refund: false,
      },
    );
    const d = decide(error('auth'), { createInFlight: true, phase: 'reconcile', refreshedThisRun: true });
    assert.equal(d.action === 'fail' && d.refund, false);
    assert.match(d.action === 'fail' ? d.message : '', /^Could not confirm whether the post was created/);
  });
});

describe('permanent and reconcile', () => {
  it("a permanent error fails with the platform's message and is refunded, a refused create too", () => {
    assert.deepEqual(decide(error('permanent', { message: 'Status is a duplicate.' })), {
      action: 'fail',
      message: 'Status is a duplicate.',
      refund: true,
    });
    // The platform answered the create call itself with a refusal: the post does not exist.
    assert.deepEqual(decide(error('permanent', { message: 'refused' }), { createInFlight: true }), {
      action: 'fail',
      message: 'refused',
      refund: true,
    });
  });
  it('a permanent error while reconciling, or a reconcile that can not tell: check the account', () => {
    assert.deepEqual(decide(error('permanent'), { phase: 'reconcile', createInFlight: true }), {
      action: 'fail',
      message: checkAccount('permanent from the platform'),
      refund: false,
    });
    assert.deepEqual(decide({ kind: 'reconcile_unknown', reason: 'no lookup' }, { createInFlight: true }), {
      action: 'fail',
      message: checkAccount('no lookup'),
      refund: false,
    });
  });
});

describe('pending', () => {
  const pending: PublishEvent = { kind: 'pending', retryInMs: 10_000, reason: 'IN_PROGRESS' };
  it('the first pending answer starts the clock and looks again as asked', () => {
    assert.deepEqual(decide(pending), {
      action: 'look_again',
      inMs: 10_000,
      reason: 'IN_PROGRESS',
      pendingSince: NOW.toISOString(),
    });
  });
  it('the last look is at the bound, not after it', () => {
    const since = new Date(NOW.getTime() - limits.pendingTimeoutMs + 4000).toISOString();
    assert.deepEqual(decide(pending, { pendingSince: since }), {
      action: 'look_again',
      inMs: 4000,
      reason: 'IN_PROGRESS',
      pendingSince: since,
    });
  });
  it('past the bound the target fails; with a create in flight, with the check-the-account message', () => {
    const since = new Date(NOW.getTime() - limits.pendingTimeoutMs).toISOString();
    const why = 'twitter was still processing the post after 60 minutes: IN_PROGRESS';
    assert.deepEqual(decide(pending, { pendingSince: since }), {
      action: 'fail',
      message: why,
      refund: true,
    });
    assert.deepEqual(decide(pending, { pendingSince: since, createInFlight: true, phase: 'reconcile' }), {
      action: 'fail',
      message: checkAccount(why),
      refund: false,
    });
  });
});

describe('before the platform', () => {
  it('an unsupported platform fails and is refunded', () => {
    assert.deepEqual(decide({ kind: 'unsupported' }, { reachedPlatform: false, phase: 'prepare' }), {
      action: 'fail',
      message: 'Publishing to twitter is not supported',
      refund: true,
    });
  });
  it('an unusable account fails when final, is retried otherwise (keeping a create in flight)', () => {
    assert.deepEqual(
      decide(
        { kind: 'account_unavailable', final: true, message: 'disconnected' },
        { reachedPlatform: false },
      ),
      { action: 'fail', message: 'disconnected', refund: true },
    );
    const d = decide(
      { kind: 'account_unavailable', final: false, message: 'database busy' },
      { phase: 'prepare', createInFlight: true },
    );
    assert.equal(d.action === 'retry' && d.next, 'reconcile');
  });
  it('an account that needs reconnecting before a create of unknown outcome was reconciled: check the account, no refund', () => {
    assert.deepEqual(
      decide(
        { kind: 'account_unavailable', final: true, message: 'needs reconnecting' },
        { phase: 'prepare', createInFlight: true },
      ),
      { action: 'fail', message: checkAccount('needs reconnecting'), refund: false },
    );
  });
  it('a job out of claims fails, with the check-the-account message when a create is in flight', () => {
    assert.deepEqual(
      decide({ kind: 'exhausted', attempts: 25, message: 'timed out' }, { reachedPlatform: false }),
      {
        action: 'fail',
        message: 'Publishing did not finish after 25 attempts: timed out',
        refund: true,
      },
    );
    assert.deepEqual(
      decide({ kind: 'exhausted', attempts: 25, message: 'timed out' }, { createInFlight: true }),
      {
        action: 'fail',
        message: checkAccount('publishing stopped after 25 attempts: timed out'),
        refund: false,
      },
    );
  });
});

describe('a post the platform holds already (YouTube processing, TikTok publish)', () => {
  const postExists = {
    platformPostId: 'vid123',
    platformPostUrl: 'https://www.youtube.com/watch?v=vid123',
    awaiting: 'its processing',
  };
  const held = { postExists, createInFlight: true, phase: 'reconcile' as const, platform: 'youtube' };
  const unconfirmed = (why: string) => ({
    action: 'published_unconfirmed',
    platformPostId: 'vid123',
    platformPostUrl: 'https://www.youtube.com/watch?v=vid123',
    warning: `The post is on youtube, but its processing could not be confirmed: ${why}`,
  });
  it('losing the account publishes it with what is known and a warning, never fails it', () => {
    assert.deepEqual(
      decide({ kind: 'refresh_failed', final: true, message: 'invalid_grant' }, held),
      unconfirmed('The youtube account needs reconnecting: invalid_grant'),
    );
    const refused = decide(error('auth'), { ...held, refreshedThisRun: true });
    assert.equal(refused.action, 'published_unconfirmed');
    assert.deepEqual(
      decide(
        { kind: 'account_unavailable', final: true, message: 'disconnected' },
        { ...held, phase: 'prepare' },
      ),
      unconfirmed('disconnected'),
    );
  });
  it('so do retries or the pending limit running out', () => {
    assert.deepEqual(
      decide(error('transient'), { ...held, transientFailures: 2 }),
      unconfirmed('transient from the platform'),
    );
    const since = new Date(NOW.getTime() - limits.pendingTimeoutMs).toISOString();
    const d = decide(
      { kind: 'pending', retryInMs: 1000, reason: 'processing' },
      { ...held, pendingSince: since },
    );
    assert.equal(d.action, 'published_unconfirmed');
  });
  it("the platform's own refusal of the post (a rejected video) still fails it, refunded", () => {
    assert.deepEqual(decide(error('permanent', { message: 'YouTube: the video was rejected' }), held), {
      action: 'fail',
      message: 'YouTube: the video was rejected',
      refund: true,
    });
  });
  it('retries stay retries', () => {
    assert.equal(decide(error('transient'), held).action, 'retry');
    assert.equal(decide({ kind: 'refresh_failed', final: false, message: 'timeout' }, held).action, 'retry');
  });
});
