/**
 * X API v2 error answers → PlatformError. Bodies are problem documents
 * (`{title, detail, type, status}`) or the legacy `{errors: [{code, message}]}`.
 * 429 carries no Retry-After: the wait comes from `x-rate-limit-reset` (unix
 * seconds) or, for the 24-hour caps, the `x-*-limit-24hour-reset` headers.
 */
import { classifyHttpStatus, PlatformError } from '../contract.ts';
import { type PlatformResponse, pick, str, untilUnixReset } from '../shared/http.ts';

const RATE_FALLBACK_MS = 15 * 60_000;

function messageOf(res: PlatformResponse): string {
  const body = res.json;
  return (
    str(body, 'detail') ??
    str(pick(body, 'errors', 0), 'message') ??
    str(body, 'title') ??
    str(body, 'error_description') ??
    (res.text.slice(0, 200) || `HTTP ${res.status}`)
  );
}

function rateWait(res: PlatformResponse, now: number): number {
  const resets = ['x-rate-limit-reset', 'x-user-limit-24hour-reset', 'x-app-limit-24hour-reset']
    .map((h) => res.headers.get(h))
    .filter((v): v is string => !!v);
  const waits = resets.map((h) => untilUnixReset(h, now, RATE_FALLBACK_MS));
  return waits.length ? Math.max(...waits) : RATE_FALLBACK_MS;
}

export function readXError(res: PlatformResponse, now = Date.now()): PlatformError {
  const message = `X: ${messageOf(res)}`;
  const type = str(res.json, 'type') ?? '';
  const platformCode = type.split('/').pop() || str(pick(res.json, 'errors', 0), 'code');
  const details = { status: res.status, ...(platformCode ? { platformCode } : {}) };
  if (res.status === 429)
    return new PlatformError('rate_limited', message, { ...details, retryAfterMs: rateWait(res, now) });
  if (res.status === 403 && /unsupported authentication/i.test(message))
    return new PlatformError('auth', message, details);
  return new PlatformError(classifyHttpStatus(res.status), message, details);
}
