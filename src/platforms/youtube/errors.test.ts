import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextPacificMidnight, pacificDay } from '../../facts/pacific-time.ts';
import type { PlatformResponse } from '../shared/http.ts';
import { readYouTubeError } from './errors.ts';

const answer = (status: number, reason: string, message: string, headers: Record<string, string> = {}) =>
  ({
    status,
    headers: { get: (n: string) => headers[n.toLowerCase()] ?? null },
    json: { error: { code: status, message, errors: [{ message, domain: 'youtube.x', reason }] } },
    text: '',
  }) as PlatformResponse;

describe('YouTube error answers', () => {
  const now = Date.parse('2026-11-24T13:00:00Z');

  it('quotaExceeded waits until the next midnight Pacific time, its HTML link cut to text', () => {
    const err = readYouTubeError(
      answer(
        403,
        'quotaExceeded',
        'You have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
      ),
      now,
    );
    assert.equal(err.errorClass, 'rate_limited');
    assert.equal(err.retryAfterMs, Date.parse('2026-11-25T08:00:00Z') - now);
    assert.equal(
      err.message,
      'YouTube: You have exceeded your quota. (the daily quota resets at midnight Pacific time)',
    );
  });

  it('rate limits with Retry-After or a minute; the upload cap a day', () => {
    const limited = readYouTubeError(
      answer(403, 'rateLimitExceeded', 'slow down', { 'retry-after': '30' }),
      now,
    );
    assert.deepEqual([limited.errorClass, limited.retryAfterMs], ['rate_limited', 30_000]);
    const user = readYouTubeError(answer(403, 'userRateLimitExceeded', 'slow down'), now);
    assert.deepEqual([user.errorClass, user.retryAfterMs], ['rate_limited', 60_000]);
    const cap = readYouTubeError(answer(400, 'uploadLimitExceeded', 'too many uploads'), now);
    assert.deepEqual([cap.errorClass, cap.retryAfterMs], ['rate_limited', 86_400_000]);
  });

  it('401 is auth; forbidden, a missing channel and bad metadata are permanent; 5xx transient', () => {
    assert.equal(readYouTubeError(answer(401, 'authError', 'Invalid Credentials')).errorClass, 'auth');
    for (const [status, reason] of [
      [403, 'forbidden'],
      [401, 'youtubeSignupRequired'],
      [400, 'invalidTitle'],
      [404, 'videoNotFound'],
    ] as const) {
      const err = readYouTubeError(answer(status, reason, 'no'));
      assert.equal(err.errorClass, status === 401 ? 'auth' : 'permanent', reason);
      assert.equal(err.platformCode, reason);
    }
    assert.equal(readYouTubeError(answer(503, 'backendError', 'Backend Error')).errorClass, 'transient');
  });

  it('the Pacific day turns at 07:00 UTC in summer and 08:00 UTC in winter', () => {
    assert.equal(nextPacificMidnight(Date.parse('2026-07-01T06:59:00Z')), Date.parse('2026-07-01T07:00:00Z'));
    assert.equal(nextPacificMidnight(Date.parse('2026-03-08T09:30:00Z')), Date.parse('2026-03-09T07:00:00Z'));
    assert.equal(nextPacificMidnight(Date.parse('2026-11-01T07:30:00Z')), Date.parse('2026-11-02T08:00:00Z'));
    assert.equal(pacificDay(Date.parse('2026-07-01T06:59:00Z')), '2026-06-30');
  });
});
