/**
 * YouTube Data API error answers → PlatformError. Bodies are Google's
 * `{error: {code, message, errors: [{reason, domain}], status}}`; the `reason`
 * decides the class:
 * - `quotaExceeded` (403): the project's daily units are used up until midnight
 *   Pacific time: rate_limited until then (retrying sooner only burns attempts);
 * - `rateLimitExceeded` / `userRateLimitExceeded` (403) and 429s: rate_limited,
 *   with Retry-After when given;
 * - `uploadLimitExceeded` (400): the channel's daily upload cap: rate_limited 24 h;
 * - 401: auth (refresh once); other 4xx: permanent with YouTube's own message
 *   (its messages may carry HTML links, which are cut to their text);
 * - 5xx: transient (a create call makes it unknown_outcome in platformCall).
 */
import { nextPacificMidnight } from '../../facts/pacific-time.ts';
import { classifyHttpStatus, PlatformError, retryAfterMs } from '../contract.ts';
import type { PlatformResponse } from '../shared/http.ts';
import { pick, str } from '../shared/json.ts';

const RATE_FALLBACK_MS = 60_000;
const DAY_MS = 24 * 3600_000;
const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'uploadRateLimitExceeded']);

/** The first `reason` of the answer (`quotaExceeded`, `invalidTitle`...). */
export const reasonOf = (res: PlatformResponse): string | undefined =>
  str(pick(res.json, 'error', 'errors', 0), 'reason') ?? str(pick(res.json, 'error'), 'status');

function messageOf(res: PlatformResponse): string {
  const raw =
    str(pick(res.json, 'error'), 'message') ??
    str(pick(res.json, 'error', 'errors', 0), 'message') ??
    str(res.json, 'error_description') ??
    (res.text.slice(0, 200) || `HTTP ${res.status}`);
  return raw.replace(/<[^>]*>/g, '');
}

export function readYouTubeError(res: PlatformResponse, now = Date.now()): PlatformError {
  const reason = reasonOf(res);
  const message = `YouTube: ${messageOf(res)}`;
  const details = { status: res.status, ...(reason ? { platformCode: reason } : {}) };
  if (reason === 'quotaExceeded')
    return new PlatformError('rate_limited', `${message} (the daily quota resets at midnight Pacific time)`, {
      ...details,
      retryAfterMs: nextPacificMidnight(now) - now,
    });
  if (reason === 'uploadLimitExceeded')
    return new PlatformError('rate_limited', message, { ...details, retryAfterMs: DAY_MS });
  if (res.status === 429 || (reason && RATE_REASONS.has(reason)))
    return new PlatformError('rate_limited', message, {
      ...details,
      retryAfterMs: retryAfterMs(res.headers.get('retry-after'), RATE_FALLBACK_MS, now),
    });
  return new PlatformError(classifyHttpStatus(res.status), message, details);
}
