/**
 * TikTok API v2 answers → PlatformError. Every answer is the envelope
 * `{data, error: {code, message, log_id}}`; `code` is `ok` on success, and a
 * refusal may come with HTTP 200, so 2xx answers are checked too (`checkOk`).
 * 429 `rate_limit_exceeded` carries no Retry-After: the window is one minute.
 * The daily caps (`spam_risk_too_many_posts`, `..._pending_share`,
 * `reached_active_user_cap`) wait a day; TikTok says so in their descriptions.
 */
import { classifyHttpStatus, PlatformError } from '../contract.ts';
import { reasonFrom } from '../shared/account-call.ts';
import type { PlatformResponse } from '../shared/http.ts';
import { pick, str } from '../shared/json.ts';

/** TikTok's rate windows are one minute long (sliding). */
export const RATE_WINDOW_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;

const DAILY_CAPS = new Set([
  'spam_risk_too_many_posts',
  'spam_risk_too_many_pending_share',
  'reached_active_user_cap',
]);
const AUTH = new Set(['access_token_invalid', 'scope_not_authorized', 'scope_permission_missed']);
const TRANSIENT = new Set(['internal_error', 'internal']);

export function readTikTokError(res: PlatformResponse): PlatformError {
  const code = str(pick(res.json, 'error'), 'code');
  const text =
    str(pick(res.json, 'error'), 'message') || code || res.text.slice(0, 200) || `HTTP ${res.status}`;
  const message = `TikTok: ${text}${code && !text.includes(code) ? ` (${code})` : ''}`;
  const details = { status: res.status, ...(code ? { platformCode: code } : {}) };
  if (code === 'rate_limit_exceeded' || res.status === 429)
    return new PlatformError('rate_limited', message, { ...details, retryAfterMs: RATE_WINDOW_MS });
  if (code && DAILY_CAPS.has(code))
    return new PlatformError('rate_limited', message, { ...details, retryAfterMs: DAY_MS });
  if (code && AUTH.has(code))
    return code === 'access_token_invalid'
      ? new PlatformError('auth', message, { ...details, reason: reasonFrom(text) })
      : new PlatformError('permanent', message, { ...details, reason: 'missing_scopes' });
  if (code && TRANSIENT.has(code)) return new PlatformError('transient', message, details);
  return new PlatformError(classifyHttpStatus(res.status), message, details);
}

/** A 2xx answer whose envelope says `error.code` other than `ok` is a refusal all the same. */
export function checkOk(res: PlatformResponse): PlatformResponse {
  const code = str(pick(res.json, 'error'), 'code');
  if (code && code !== 'ok') throw readTikTokError(res);
  return res;
}
