/**
 * Reads for analytics (post metrics, insights) through the one client,
 * `platformCall`, with the AuthEnv's time limit and the platform's own error
 * reader, so a refused token is `auth` (refreshed once by withAccount) and the
 * platform's own message reaches the user.
 */
import type { AuthEnv } from '../auth-types.ts';
import { PlatformError } from '../contract.ts';
import { type ErrorReader, type PlatformRequest, platformCall } from './http.ts';

export type AnalyticsCallOptions = Pick<
  PlatformRequest,
  'query' | 'bearer' | 'headers' | 'method' | 'json'
> & {
  readError: ErrorReader;
};

/** The parsed JSON of a 2xx answer; a 2xx without JSON is a `permanent` failure. */
export async function analyticsCall(
  env: AuthEnv,
  url: string,
  options: AnalyticsCallOptions,
): Promise<unknown> {
  const res = await platformCall({
    ...options,
    url,
    timeoutMs: env.timeoutMs,
    what: `${env.platform} analytics`,
  });
  if (res.json === undefined || res.json === null)
    throw new PlatformError('permanent', `${env.platform} answered analytics with no JSON`, {
      status: res.status,
    });
  return res.json;
}

/** A count from an answer's field: a number, or digits; 0 when absent (platforms leave zeros out). */
export function count(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : 0;
}

/** A platform's time as ISO 8601 UTC with milliseconds; null when absent or not a time. */
export function isoOrNull(value: string | undefined): string | null {
  if (!value) return null;
  // Facebook writes the offset without a colon (+0000), which Date.parse reads.
  const t = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}
