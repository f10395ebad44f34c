/**
 * Graph API error answers (`{error: {message, type, code, error_subcode,
 * is_transient, error_user_msg}}`) → PlatformError. Meta says to branch on the
 * code, not the HTTP status: 190/102 and the session subcodes are auth; 4, 17,
 * 32, 613, 341 and the 800xx business-use-case limits are rate limits (the wait
 * from X-Business-Use-Case-Usage when given); 1, 2 and is_transient are transient.
 */
import { PlatformError } from '../contract.ts';
import { type PlatformResponse, pick, str } from '../shared/http.ts';

const RATE_CODES = new Set([4, 17, 32, 341, 613, 80001, 80002, 80006]);
const TRANSIENT_SUBCODES = new Set([1363047, 1609010]);
const AUTH_SUBCODES = new Set([458, 459, 460, 463, 464, 467, 492]);
const RATE_FALLBACK_MS = 15 * 60_000;

/** Minutes in `estimated_time_to_regain_access` of X-Business-Use-Case-Usage, as ms. */
function bucWait(header: string | null): number | undefined {
  if (!header) return undefined;
  try {
    const usage = JSON.parse(header) as Record<string, { estimated_time_to_regain_access?: number }[]>;
    const minutes = Object.values(usage)
      .flat()
      .map((u) => u.estimated_time_to_regain_access ?? 0);
    const most = Math.max(0, ...minutes);
    return most > 0 ? most * 60_000 : undefined;
  } catch {
    return undefined;
  }
}

export function readGraphError(res: PlatformResponse): PlatformError {
  const error = pick(res.json, 'error');
  const code = Number(pick(error, 'code'));
  const subcode = Number(pick(error, 'error_subcode'));
  const text =
    str(error, 'error_user_msg') ?? str(error, 'message') ?? (res.text.slice(0, 200) || `HTTP ${res.status}`);
  const message = `Facebook: ${text}`;
  const platformCode = Number.isFinite(code)
    ? Number.isFinite(subcode)
      ? `${code}/${subcode}`
      : String(code)
    : undefined;
  const details = { status: res.status, ...(platformCode ? { platformCode } : {}) };
  if (code === 190 || code === 102 || AUTH_SUBCODES.has(subcode) || (res.status === 401 && !error))
    return new PlatformError('auth', message, details);
  if (RATE_CODES.has(code) || code === 368 || res.status === 429) {
    const wait =
      bucWait(res.headers.get('x-business-use-case-usage')) ??
      (code === 368 ? 60 * 60_000 : RATE_FALLBACK_MS);
    return new PlatformError('rate_limited', message, { ...details, retryAfterMs: wait });
  }
  if (
    code === 1 ||
    code === 2 ||
    pick(error, 'is_transient') === true ||
    TRANSIENT_SUBCODES.has(subcode) ||
    (!error && res.status >= 500)
  )
    return new PlatformError('transient', message, details);
  return new PlatformError('permanent', message, details);
}
