/**
 * One call to a Mastodon instance: `platformCall` with the account's bearer token,
 * Mastodon's error reading, and the address filter for every instance that is not
 * the configured one (`outside`): an instance is any host a user named, so its
 * addresses are checked at connect time like any user-supplied URL.
 */
import type { PlatformUrlGuard } from '../../net/outbound.ts';
import { PlatformError } from '../contract.ts';
import { type PlatformRequest, platformCall } from '../shared/http.ts';
import { readMastodonError } from './errors.ts';

export interface InstanceTarget {
  /** The instance origin, without a final slash. */
  instance: string;
  token?: string | undefined;
  outside?: PlatformUrlGuard | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  /** The job's clock (rate-limit waits are counted from it). */
  now?: (() => number) | undefined;
}

export async function instanceCall(
  t: InstanceTarget,
  path: string,
  opts: Pick<PlatformRequest, 'method' | 'json' | 'body' | 'query' | 'headers' | 'createCall' | 'accept'> & {
    what: string;
  },
): Promise<{ status: number; json: unknown }> {
  const res = await platformCall({
    ...opts,
    url: `${t.instance}${path}`,
    ...(t.token ? { bearer: t.token } : {}),
    ...(t.signal ? { signal: t.signal } : {}),
    ...(t.timeoutMs ? { timeoutMs: t.timeoutMs } : {}),
    ...(t.outside ? { outside: t.outside } : {}),
    readError: (r) => readMastodonError(r, t.now),
  });
  return { status: res.status, json: res.json };
}

/** A JSON object answer, or an error saying the instance answered something else. */
export function objectAnswer(json: unknown, what: string, createCall = false): Record<string, unknown> {
  if (json && typeof json === 'object' && !Array.isArray(json)) return json as Record<string, unknown>;
  throw new PlatformError(
    createCall ? 'unknown_outcome' : 'permanent',
    `${what}: Mastodon answered no object`,
  );
}

/** A Mastodon id: a short string of digits or letters (ids are strings, snowflake-like). */
export function idOf(value: unknown, what: string, createCall = false): string {
  if (typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value)) return value;
  throw new PlatformError(
    createCall ? 'unknown_outcome' : 'permanent',
    `${what}: Mastodon answered no usable id`,
  );
}
