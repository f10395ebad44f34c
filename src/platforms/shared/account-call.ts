/**
 * Calls to platforms' token, account and lookup endpoints (auth modules, Pinterest
 * boards, TikTok creator info), made through the one client, `platformCall`, with
 * the time limit of the AuthEnv and the error reading OAuth and account answers
 * share. The classes mean what they mean for publishing calls, so one
 * refresh-once-on-`auth` rule serves both.
 */
import type { AuthEnv, AuthFailureReason } from '../auth-types.ts';
import { PlatformError, retryAfterMs } from '../contract.ts';
import type { Platform } from '../names.ts';
import { type ErrorReader, type PlatformRequest, platformCall } from './http.ts';

/** What an account call may set besides the URL (timeout, error reading and label come from the env). */
export type AccountCallOptions = Pick<
  PlatformRequest,
  'method' | 'form' | 'json' | 'query' | 'bearer' | 'basic' | 'headers'
>;

/**
 * Calls the platform and answers the parsed JSON body of a 2xx (an empty body is
 * `{}`). Every failure is a PlatformError read by `readAccountError`; a 2xx that
 * is not JSON is `permanent`.
 */
export async function accountCall(
  env: AuthEnv,
  url: string,
  options: AccountCallOptions = {},
): Promise<unknown> {
  const res = await platformCall({
    ...options,
    url,
    timeoutMs: env.timeoutMs,
    what: env.platform,
    readError: readAccountError(env.platform),
  });
  if (!res.text) return {};
  if (res.json === undefined || res.json === null)
    throw new PlatformError('permanent', `${env.platform} answered with no JSON`, { status: res.status });
  return res.json;
}

/** Wait when a token or account endpoint answers 429 without saying how long. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;

/**
 * Reads an OAuth or account error answer:
 * - 400/401 (`invalid_grant` and friends, a dead token): `auth`, with the reason;
 * - 403 (the account or scopes refused): `permanent`, with the reason;
 * - 429: `rate_limited` with the Retry-After wait; 5xx: `transient`;
 * - anything else: `permanent` with the platform's message.
 */
export function readAccountError(platform: Platform): ErrorReader {
  return (res) => {
    const message = platformMessage(res.json, `HTTP ${res.status}`);
    const status = res.status;
    if (status === 429)
      return new PlatformError('rate_limited', `${platform} is unavailable: ${message}`, {
        status,
        retryAfterMs: retryAfterMs(res.headers.get('retry-after'), DEFAULT_RATE_LIMIT_WAIT_MS),
      });
    if (status >= 500)
      return new PlatformError('transient', `${platform} is unavailable: ${message}`, { status });
    if (status === 400 || status === 401)
      return new PlatformError('auth', `${platform}: ${message}`, { status, reason: reasonFrom(message) });
    if (status === 403)
      return new PlatformError('permanent', `${platform}: ${message}`, {
        status,
        reason: reasonFrom(message),
      });
    return new PlatformError('permanent', `${platform}: ${message}`, { status });
  };
}

/**
 * The reason an integration needs reconnecting when `err` is a platform refusing
 * the grant or the account for good (an `auth` error, or one carrying a reason);
 * null for everything that may pass (no answer, 5xx, rate limits, odd answers).
 */
export function grantRefusal(err: unknown): AuthFailureReason | null {
  if (!(err instanceof PlatformError)) return null;
  if (err.errorClass === 'auth') return err.reason ?? 'refresh_failed';
  return err.reason ?? null;
}

/** The text the platform gave as the reason of a failure, whatever its error format. */
export function platformMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const err = b.error;
    if (typeof b.error_description === 'string') return b.error_description;
    if (err && typeof err === 'object') {
      const e = err as Record<string, unknown>;
      if (typeof e.message === 'string' && e.message) return e.message;
      if (typeof e.code === 'string') return e.code;
    }
    if (typeof b.message === 'string') return b.message;
    if (typeof b.detail === 'string') return b.detail;
    if (typeof err === 'string') return err;
  }
  return fallback;
}

/** Maps a platform's words about a dead grant to the reason integrations show. */
export function reasonFrom(message: string): AuthFailureReason {
  const m = message.toLowerCase();
  if (/revoked|deauthori[sz]ed|removed|logged out|not authorized/.test(m)) return 'token_revoked';
  if (/expired/.test(m)) return 'token_expired';
  if (/scope|permission/.test(m)) return 'missing_scopes';
  return 'refresh_failed';
}
