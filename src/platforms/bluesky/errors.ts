/**
 * XRPC error answers (`{error, message}`) → PlatformError. An expired access
 * token is HTTP 400 `ExpiredToken` (not 401), so it is read as `auth`; 429 waits
 * until `RateLimit-Reset` (unix seconds).
 */
import { classifyHttpStatus, PlatformError } from '../contract.ts';
import { type PlatformResponse, str, untilUnixReset } from '../shared/http.ts';

const AUTH_ERRORS = new Set(['ExpiredToken', 'InvalidToken', 'AuthenticationRequired', 'AuthMissing']);

export function readBlueskyError(res: PlatformResponse, now = Date.now()): PlatformError {
  const code = str(res.json, 'error');
  const text = str(res.json, 'message') ?? code ?? (res.text.slice(0, 200) || `HTTP ${res.status}`);
  const message = `Bluesky: ${text}`;
  const details = { status: res.status, ...(code ? { platformCode: code } : {}) };
  if (res.status === 429 || code === 'RateLimitExceeded') {
    const wait = untilUnixReset(res.headers.get('ratelimit-reset'), now, 60_000);
    return new PlatformError('rate_limited', message, { ...details, retryAfterMs: wait });
  }
  if (code && AUTH_ERRORS.has(code)) return new PlatformError('auth', message, details);
  return new PlatformError(classifyHttpStatus(res.status), message, details);
}
