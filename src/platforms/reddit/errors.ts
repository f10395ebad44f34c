/**
 * Reddit's error answers → PlatformError. Reddit answers in two ways:
 * - HTTP errors: 401 (a dead or missing token) is `auth`; 403 is permanent
 *   (a private subreddit, a missing scope); 429 is a rate limit whose wait is
 *   `x-ratelimit-reset` (seconds to the end of the window); 5xx is transient.
 * - HTTP 200 with `{json: {errors: [[CODE, message, field], ...]}}` from the write
 *   calls (submit, comment): `RATELIMIT` ("you are doing that too much. try again
 *   in 9 minutes.") is a rate limit with the wait its message says, `USER_REQUIRED`
 *   is `auth`, everything else (SUBREDDIT_NOEXIST, NO_SELFS, NO_LINKS,
 *   SUBMIT_VALIDATION_FLAIR_REQUIRED, ...) is permanent with Reddit's own words.
 */
import { PlatformError, retryAfterMs } from '../contract.ts';
import type { PlatformResponse } from '../shared/http.ts';
import { pick, str } from '../shared/json.ts';

/** Reddit's rate window is ten minutes; without a reset header, wait one minute. */
export const RATE_LIMIT_FALLBACK_MS = 60_000;

/** The wait `x-ratelimit-reset` says (seconds), else Retry-After, else one minute. */
export function rateLimitWaitMs(headers: { get(name: string): string | null | undefined }): number {
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.ceil(reset) * 1000;
  return retryAfterMs(headers.get('retry-after') ?? null, RATE_LIMIT_FALLBACK_MS);
}

export function readRedditError(res: PlatformResponse): PlatformError {
  const text =
    str(res.json, 'message') ?? str(res.json, 'reason') ?? (res.text.slice(0, 200) || `HTTP ${res.status}`);
  const reason = str(res.json, 'reason');
  const message = `Reddit: ${text}${reason && reason !== text ? ` (${reason})` : ''}`;
  const details = { status: res.status, ...(reason ? { platformCode: reason } : {}) };
  if (res.status === 401) return new PlatformError('auth', message, details);
  if (res.status === 429)
    return new PlatformError('rate_limited', message, {
      ...details,
      retryAfterMs: rateLimitWaitMs(res.headers),
    });
  if (res.status >= 500) return new PlatformError('transient', message, details);
  return new PlatformError('permanent', message, details);
}

/** "try again in 9 minutes" / "in 30 seconds" / "in 1 minute" → ms (null when it says none). */
export function waitFromText(text: string): number | null {
  const m = /(\d+)\s*(millisecond|second|minute|hour)s?/i.exec(text);
  if (!m) return null;
  const unit = { millisecond: 1, second: 1000, minute: 60_000, hour: 3_600_000 }[
    m[2]!.toLowerCase() as 'second'
  ];
  return Number(m[1]) * unit;
}

/**
 * The errors a 200 answer of a write call carries (`json.errors`), as one
 * PlatformError, or null when there are none.
 */
export function jsonErrors(answer: unknown, what: string): PlatformError | null {
  const errors = pick(answer, 'json', 'errors');
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const parts = errors.map((e) =>
    Array.isArray(e) ? e.map((x) => (x == null ? '' : String(x))) : [String(e)],
  );
  const [code = '', text = ''] = parts[0] ?? [];
  const words = parts.map(([c = '', t = '', f = '']) => `${t || c}${f ? ` (${f})` : ''}`).join('; ');
  const message = `${what}: ${words}`;
  if (code === 'RATELIMIT')
    return new PlatformError('rate_limited', message, {
      platformCode: code,
      retryAfterMs: waitFromText(text) ?? RATE_LIMIT_FALLBACK_MS,
    });
  if (code === 'USER_REQUIRED') return new PlatformError('auth', message, { platformCode: code });
  return new PlatformError('permanent', message, { platformCode: code });
}
