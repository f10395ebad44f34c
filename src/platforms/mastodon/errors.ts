/**
 * Mastodon error answers (`{error, error_description?}`; 422 also `details`) →
 * PlatformError: 401 a revoked or unknown token (reconnect), 403 the account may
 * not do it (suspended, scope), 429 waits until `X-RateLimit-Reset` (an ISO time)
 * or Retry-After, 5xx transient, every other refusal permanent with Mastodon's words.
 * The message is cut at 300 characters: an instance writes what it likes there.
 */
import { classifyHttpStatus, PlatformError } from '../contract.ts';
import type { PlatformResponse } from '../shared/http.ts';

const DEFAULT_WAIT_MS = 5 * 60_000;

export function readMastodonError(res: PlatformResponse, now: () => number = Date.now): PlatformError {
  const body = (res.json ?? {}) as { error?: unknown; error_description?: unknown };
  const raw =
    typeof body.error === 'string'
      ? body.error
      : typeof body.error_description === 'string'
        ? body.error_description
        : `HTTP ${res.status}`;
  const message = `Mastodon: ${raw.slice(0, 300)}`;
  const details = { status: res.status };
  if (res.status === 429)
    return new PlatformError('rate_limited', message, { ...details, retryAfterMs: waitOf(res, now()) });
  if (res.status === 401) return new PlatformError('auth', message, { ...details, reason: 'token_revoked' });
  if (res.status === 403)
    return new PlatformError('permanent', message, { ...details, reason: 'missing_scopes' });
  return new PlatformError(classifyHttpStatus(res.status), message, details);
}

function waitOf(res: PlatformResponse, nowMs: number): number {
  const reset = res.headers.get('x-ratelimit-reset');
  if (reset) {
    const at = Date.parse(reset);
    if (Number.isFinite(at)) return Math.min(Math.max(at - nowMs, 1000), 24 * 3600_000);
  }
  const after = Number(res.headers.get('retry-after'));
  return Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 24 * 3600_000) : DEFAULT_WAIT_MS;
}
