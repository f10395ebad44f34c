/**
 * Meta error answers (`{error: {message, type, code, error_subcode, is_transient,
 * error_user_title, error_user_msg}}`) → PlatformError, for Facebook, Instagram and
 * Threads. Meta says to branch on the code, not the HTTP
 * status (section 0 and 5 of the platform facts):
 * - auth: 190 and 102, and the session subcodes 458/459/460/463/464/467/492;
 * - rate_limited: 4, 17, 32, 341, 613 and the 800xx business-use-case limits (the
 *   wait is `estimated_time_to_regain_access` of X-Business-Use-Case-Usage, in
 *   minutes; X-App-Usage carries no time, so a quarter of its hourly window), plus
 *   the platform's own quota codes (`rateCodes`: Instagram 9/2207042);
 * - transient: 1, 2, `is_transient: true`, and the platform's transient subcodes;
 * - permanent: everything else, with the user message Meta gives when it gives one.
 * Some codes mean something else with a subcode (Instagram 4/2207051 is a spam
 * restriction, not a rate limit): `permanentSubcodes` wins over the code.
 */
import { PlatformError } from '../contract.ts';
import type { ErrorReader, PlatformResponse } from './http.ts';
import { pick, str } from './json.ts';

const RATE_CODES = new Set([4, 17, 32, 341, 613, 80001, 80002, 80006]);
const AUTH_SUBCODES = new Set([458, 459, 460, 463, 464, 467, 492]);
/** X-App-Usage says "100 %" without a time; the app window is an hour, rolling. */
export const APP_USAGE_WAIT_MS = 15 * 60_000;

export interface MetaErrorRules {
  /** "Instagram", "Threads": the prefix of every message. */
  label: string;
  /** `code/subcode` (or `code`) → the wait of the platform's own quota refusals. */
  rateCodes?: Readonly<Record<string, number>>;
  /** Subcodes that are worth trying again (Instagram -1/2207001, -2/2207003). */
  transientSubcodes?: ReadonlySet<number>;
  /** Subcodes that are final whatever their code says. */
  permanentSubcodes?: ReadonlySet<number>;
}

/** Minutes in `estimated_time_to_regain_access` of X-Business-Use-Case-Usage, as ms. */
export function bucWaitMs(header: string | null): number | undefined {
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

/** The `code` and `error_subcode` of a Meta error answer (NaN when absent). */
export function metaCodes(json: unknown): { code: number; subcode: number } {
  const error = pick(json, 'error');
  return { code: Number(pick(error, 'code')), subcode: Number(pick(error, 'error_subcode')) };
}

export function metaErrorReader(rules: MetaErrorRules): ErrorReader {
  return (res: PlatformResponse): PlatformError => {
    const error = pick(res.json, 'error');
    const { code, subcode } = metaCodes(res.json);
    const text =
      str(error, 'error_user_msg') ??
      str(error, 'message') ??
      (res.text.slice(0, 200) || `HTTP ${res.status}`);
    const message = `${rules.label}: ${text}`;
    const platformCode = Number.isFinite(code)
      ? Number.isFinite(subcode)
        ? `${code}/${subcode}`
        : String(code)
      : undefined;
    const details = { status: res.status, ...(platformCode ? { platformCode } : {}) };
    if (code === 190 || code === 102 || AUTH_SUBCODES.has(subcode) || (res.status === 401 && !error))
      return new PlatformError('auth', message, details);
    if (rules.permanentSubcodes?.has(subcode)) return new PlatformError('permanent', message, details);
    const own = platformCode
      ? (rules.rateCodes?.[platformCode] ?? rules.rateCodes?.[String(code)])
      : undefined;
    if (own !== undefined)
      return new PlatformError('rate_limited', message, { ...details, retryAfterMs: own });
    if (RATE_CODES.has(code) || res.status === 429) {
      const wait = bucWaitMs(res.headers.get('x-business-use-case-usage')) ?? APP_USAGE_WAIT_MS;
      return new PlatformError('rate_limited', message, { ...details, retryAfterMs: wait });
    }
    if (
      code === 1 ||
      code === 2 ||
      pick(error, 'is_transient') === true ||
      rules.transientSubcodes?.has(subcode) ||
      (!error && res.status >= 500)
    )
      return new PlatformError('transient', message, details);
    return new PlatformError('permanent', message, details);
  };
}
