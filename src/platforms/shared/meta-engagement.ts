/**
 * Engagement calls to Meta's Graph APIs (Facebook, Instagram, Threads): one call
 * through `platformCall` with the platform's Meta error reader, and the reading of
 * a permanent refusal into what it means for the user (EngagementRefusal):
 * - 100/33 ("object does not exist") and 100/2018001 ("no matching user"): not found;
 * - 10/2534022 ("sent outside of allowed window"): not allowed now (Instagram's
 *   24-hour messaging window), although code 10 is otherwise a permission error;
 * - 3, 10 and 200–299: the permission is missing (reconnect to grant it);
 * - any other 100: the platform refused the parameters (bad input).
 * Everything else stays a PlatformError: `auth` for the refresh-once path,
 * `rate_limited` with the wait, the rest a platform failure.
 */
import type { AuthEnv } from '../auth-types.ts';
import { PlatformError } from '../contract.ts';
import { EngagementRefusal } from '../engagement.ts';
import { type ErrorReader, type PlatformRequest, platformCall } from './http.ts';
import { arr, pick, str } from './json.ts';

export interface MetaEngagementEnv {
  env: AuthEnv;
  token: string;
  /** `v25.0`, `v1.0`. */
  version: string;
  label: string;
  readError: ErrorReader;
}

export interface MetaCallOptions extends Pick<PlatformRequest, 'method' | 'query' | 'form' | 'json'> {
  /** What the call is about, for a "not found" answer ("post 123", "comment 456"). */
  subject: string;
  /** The permission the call needs, named when the platform says it is missing. */
  permission: string;
}

/** Calls `path` (below the versioned API root) and answers the parsed JSON (`{}` when empty). */
export async function metaEngagementCall(
  m: MetaEngagementEnv,
  path: string,
  o: MetaCallOptions,
): Promise<unknown> {
  try {
    const res = await platformCall({
      url: m.env.url('api', `/${m.version}/${path}`),
      bearer: m.token,
      timeoutMs: m.env.timeoutMs,
      what: `${m.label}: ${o.subject}`,
      readError: m.readError,
      ...(o.method ? { method: o.method } : {}),
      ...(o.query ? { query: o.query } : {}),
      ...(o.form ? { form: o.form } : {}),
      ...(o.json !== undefined ? { json: o.json } : {}),
    });
    return res.json ?? {};
  } catch (err) {
    throw refusalOf(err, m.label, o) ?? err;
  }
}

/** The meaning of a permanent Meta refusal, or undefined when it stays a PlatformError. */
export function refusalOf(err: unknown, label: string, o: MetaCallOptions): EngagementRefusal | undefined {
  if (!(err instanceof PlatformError) || err.errorClass !== 'permanent') return undefined;
  const [codeText, subText] = (err.platformCode ?? '').split('/');
  const code = Number(codeText);
  const subcode = Number(subText);
  if ((code === 100 && (subcode === 33 || subcode === 2018001)) || err.status === 404)
    return new EngagementRefusal('not_found', `${label}: ${o.subject} was not found (${err.message})`);
  if (code === 10 && subcode === 2534022) return new EngagementRefusal('not_allowed_now', err.message);
  if (code === 3 || code === 10 || (code >= 200 && code <= 299))
    return new EngagementRefusal(
      'missing_permission',
      `${label} refused: the account was connected without the ${o.permission} permission; reconnect the account to grant it (${err.message})`,
      o.permission,
    );
  if (code === 100) return new EngagementRefusal('invalid', err.message);
  return undefined;
}

/** `paging.cursors.after` when the answer says there is a next page (`paging.next`), else null. */
export function nextCursorOf(answer: unknown): string | null {
  if (!pick(answer, 'paging', 'next')) return null;
  const after = pick(answer, 'paging', 'cursors', 'after');
  return typeof after === 'string' && after ? after : null;
}

/**
 * Up to `limit` items read page after page when the platform caps its page size
 * below ours (Instagram: 50 comments a call); the cursor is the last page's.
 */
export async function collectPages<T>(
  limit: number,
  maxPerCall: number,
  after: string | undefined,
  page: (size: number, after: string | undefined) => Promise<unknown>,
  read: (item: unknown) => T,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const items: T[] = [];
  let cursor = after;
  for (;;) {
    const answer = await page(Math.min(maxPerCall, limit - items.length), cursor);
    const data = arr(answer, 'data');
    items.push(...data.map(read));
    const next = nextCursorOf(answer);
    if (!next || items.length >= limit || data.length === 0) return { items, nextCursor: next };
    cursor = next;
  }
}

/** Graph's `2026-11-24T13:00:00+0000` (or a Unix time) as ISO 8601 UTC with milliseconds. */
export function isoTime(value: unknown): string {
  if (typeof value === 'number') return new Date(value * 1000).toISOString();
  const t = typeof value === 'string' ? Date.parse(value.replace(/([+-]\d\d)(\d\d)$/, '$1:$2')) : NaN;
  return Number.isFinite(t) ? new Date(t).toISOString() : new Date(0).toISOString();
}

/** A count field (like_count) as an integer, 0 when absent. */
export const countOf = (item: unknown, key: string): number => {
  const v = Number(pick(item, key));
  return Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : 0;
};

/** A required id of an answer. */
export const idOf = (answer: unknown, what: string): string => str(answer, 'id', what);
