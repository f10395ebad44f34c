import assert from 'node:assert/strict';
import { it } from 'node:test';
import { decideFailure, waitBefore } from './outcome.ts';

const backoff = { backoff: { baseDelayMs: 1000, maxDelayMs: 8000 } };

it('retries with exponential backoff and jitter while attempts remain', () => {
  assert.deepEqual(decideFailure({ failures: 1, maxAttempts: 3, spacing: backoff, random: () => 1 }), {
    action: 'retry',
    inMs: 1000,
  });
  assert.deepEqual(decideFailure({ failures: 2, maxAttempts: 3, spacing: backoff, random: () => 0 }), {
    action: 'retry',
    inMs: 1000,
  });
  assert.equal(
    waitBefore(9, backoff, () => 1),
    8000,
  );
});

it('gives up on the last attempt, and at once on a permanent failure', () => {
  assert.deepEqual(decideFailure({ failures: 3, maxAttempts: 3, spacing: backoff }), {
    action: 'give_up',
    last: true,
  });
  assert.deepEqual(decideFailure({ failures: 4, maxAttempts: 3, spacing: backoff }), {
    action: 'give_up',
    last: true,
  });
  assert.deepEqual(decideFailure({ failures: 1, maxAttempts: 3, spacing: backoff, permanent: true }), {
    action: 'give_up',
    last: false,
  });
});

it('a fixed schedule gives its n-th wait, repeating the last; a fixed wait is the one asked for', () => {
  const spacing = { delaysMs: [30_000, 300_000] };
  assert.deepEqual(decideFailure({ failures: 1, maxAttempts: 5, spacing }), {
    action: 'retry',
    inMs: 30_000,
  });
  assert.deepEqual(decideFailure({ failures: 2, maxAttempts: 5, spacing }), {
    action: 'retry',
    inMs: 300_000,
  });
  assert.deepEqual(decideFailure({ failures: 4, maxAttempts: 5, spacing }), {
    action: 'retry',
    inMs: 300_000,
  });
  assert.equal(waitBefore(1, { delaysMs: [] }), 0);
  assert.deepEqual(decideFailure({ failures: 0, maxAttempts: 1, spacing: { fixedMs: 250 } }), {
    action: 'retry',
    inMs: 250,
  });
  assert.equal(waitBefore(1, { fixedMs: -5 }), 0);
});
