/**
 * One call to Reddit's OAuth API (oauth.reddit.com): the account's Bearer token,
 * the User-Agent Reddit requires, `raw_json=1` on reads (answers without HTML
 * entities), form bodies for writes with `api_type=json` (so errors come back as
 * `json.errors` instead of jQuery instructions), and Reddit's error reading.
 */
import type { PlatformRequest, PlatformResponse } from '../shared/http.ts';
import { platformCall } from '../shared/http.ts';
import { userAgentOf } from './account.ts';
import { jsonErrors, readRedditError } from './errors.ts';

export interface RedditTarget {
  /** Base URL of the API host (real, configured, or the simulator). */
  baseUrl: string;
  accessToken: string;
  apiVersion?: string | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

type CallInit = Omit<PlatformRequest, 'url' | 'signal' | 'readError' | 'bearer' | 'headers'>;

export function redditCall(t: RedditTarget, path: string, init: CallInit): Promise<PlatformResponse> {
  return platformCall({
    ...init,
    url: `${t.baseUrl.replace(/\/$/, '')}${path}`,
    bearer: t.accessToken,
    headers: { 'user-agent': userAgentOf(t.apiVersion) },
    signal: t.signal,
    ...(t.timeoutMs ? { timeoutMs: t.timeoutMs } : {}),
    readError: readRedditError,
  });
}

/** A read: GET with `raw_json=1`; answers the parsed JSON. */
export async function redditRead(
  t: RedditTarget,
  path: string,
  query: Record<string, string | undefined>,
  what: string,
): Promise<unknown> {
  const res = await redditCall(t, path, { query: { ...query, raw_json: '1' }, what });
  return res.json;
}

/**
 * A write: POST form with `api_type=json`; the errors of a 200 answer
 * (`json.errors`) are thrown as Reddit's refusal.
 */
export async function redditWrite(
  t: RedditTarget,
  path: string,
  form: Record<string, string | undefined>,
  what: string,
  createCall = false,
): Promise<unknown> {
  const res = await redditCall(t, path, {
    method: 'POST',
    form: { api_type: 'json', ...form },
    what,
    createCall,
  });
  const refused = jsonErrors(res.json, what);
  if (refused) throw refused;
  return res.json;
}
