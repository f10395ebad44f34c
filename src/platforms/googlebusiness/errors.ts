/**
 * Google Business Profile error answers → PlatformError. The body is Google's
 * `{error: {code, message, status, details}}`; the message users need is in the
 * ValidationError's `errorDetails[].message` (with its field), so it leads.
 * - 401 UNAUTHENTICATED: `auth` (refresh once, then reconnect).
 * - 429 RESOURCE_EXHAUSTED: the per-minute project quota: `rate_limited`, for the
 *   RetryInfo delay when Google gives one, else a minute (Google sends no
 *   Retry-After). A quota whose limit is 0 means the project's API access was never
 *   approved: waiting will not help, so it is `permanent` and says so.
 * - 500, 502, 503, 504: `transient` (platformCall makes it `unknown_outcome` on the create).
 * - 501 (retired method), 400 (bad input, a photo Google could not fetch,
 *   `LOCATION_DISABLED_FOR_LOCAL_POST_API`), 403 (access lost, API not enabled),
 *   404 (wrong path, location deleted): `permanent` with Google's own words.
 */
import { PlatformError } from '../contract.ts';
import type { PlatformResponse } from '../shared/http.ts';
import { arr, pick, str } from '../shared/json.ts';

const QUOTA_WINDOW_MS = 60_000;
const CHAIN = 'LOCATION_DISABLED_FOR_LOCAL_POST_API';

/** `"12.5s"` (a protobuf Duration) as milliseconds. */
function durationMs(value: unknown): number | undefined {
  const m = typeof value === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(value) : null;
  return m ? Math.ceil(Number(m[1]) * 1000) : undefined;
}

const typed = (details: unknown[], suffix: string) =>
  details.filter((d) => String(pick(d, '@type') ?? '').endsWith(suffix));

export function readGoogleBusinessError(res: PlatformResponse): PlatformError {
  const error = pick(res.json, 'error');
  const details = arr(error, 'details');
  const status = str(error, 'status');
  const fieldMessages = typed(details, '.ValidationError')
    .flatMap((d) => arr(d, 'errorDetails'))
    .map((e) => {
      const text = str(e, 'message') ?? '';
      const field = str(e, 'field');
      return field ? `${text} (${field})` : text;
    })
    .filter(Boolean);
  const infos = typed(details, 'google.rpc.ErrorInfo');
  const reasons = infos.map((i) => str(i, 'reason')).filter((r): r is string => !!r);
  const text =
    fieldMessages.join('; ') ||
    str(error, 'message') ||
    (res.text.trim().startsWith('<') ? '' : res.text.slice(0, 200)) ||
    `HTTP ${res.status}`;
  const platformCode = reasons[0] ?? status;
  const info = { status: res.status, ...(platformCode ? { platformCode } : {}) };
  const message = `Google Business Profile: ${text}`;

  if (res.status === 401 || status === 'UNAUTHENTICATED') return new PlatformError('auth', message, info);
  if (res.status === 429 || status === 'RESOURCE_EXHAUSTED') {
    const limit = infos.map((i) => pick(i, 'metadata', 'quota_limit_value')).find((v) => v !== undefined);
    if (String(limit) === '0')
      return new PlatformError(
        'permanent',
        `${message} (the Google Cloud project has 0 requests per minute: its Business Profile API access is not approved yet)`,
        info,
      );
    const wait = typed(details, 'google.rpc.RetryInfo')
      .map((d) => durationMs(pick(d, 'retryDelay')))
      .find((ms) => ms !== undefined);
    return new PlatformError('rate_limited', message, { ...info, retryAfterMs: wait ?? QUOTA_WINDOW_MS });
  }
  if (reasons.includes(CHAIN) || res.text.includes(CHAIN))
    return new PlatformError(
      'permanent',
      `Google Business Profile: Google does not let this location publish posts through the API (${CHAIN}, usually a location it treats as part of a chain); post from the Business Profile instead`,
      { ...info, platformCode: CHAIN },
    );
  if ([500, 502, 503, 504].includes(res.status)) return new PlatformError('transient', message, info);
  return new PlatformError('permanent', message, info);
}
