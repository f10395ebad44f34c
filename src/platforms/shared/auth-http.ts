/**
 * HTTP calls to platforms' token and account endpoints, with a time limit and the
 * failure classification every auth module shares: no answer, 429 and 5xx are
 * transient; an OAuth error answer (`invalid_grant` and friends) is permanent.
 * Tokens are sent, never logged; error messages carry the platform's own text.
 */
import { type AuthEnv, type AuthFailureReason, PlatformAuthError } from '../auth-types.ts';

export interface CallOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string | undefined>;
  /** Sent as JSON. */
  json?: unknown;
  query?: Record<string, string | undefined>;
  bearer?: string;
  /** HTTP Basic client authentication (client_secret_basic). */
  basic?: { user: string; password: string };
  headers?: Record<string, string>;
}

function withQuery(url: string, query: CallOptions['query']): string {
  if (!query) return url;
  const u = new URL(url);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, v);
  return u.toString();
}

function formBody(form: Record<string, string | undefined>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.set(k, v);
  return body;
}

/** The text the platform gave as the reason of a failure, whatever its error format. */
export function platformMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const err = b.error;
    if (typeof b.error_description === 'string') return b.error_description;
    if (err && typeof err === 'object') {
      const e = err as Record<string, unknown>;
      if (typeof e.message === 'string' && e.message) return e.message;
      if (typeof e.code === 'string') return e.code;
    }
    if (typeof b.message === 'string') return b.message;
    if (typeof b.detail === 'string') return b.detail;
    if (typeof err === 'string') return err;
  }
  return fallback;
}

/** Maps a platform's words about a dead grant to the reason integrations show. */
export function reasonFrom(message: string): AuthFailureReason {
  const m = message.toLowerCase();
  if (/revoked|deauthori[sz]ed|removed|logged out|not authorized/.test(m)) return 'token_revoked';
  if (/expired/.test(m)) return 'token_expired';
  if (/scope|permission/.test(m)) return 'missing_scopes';
  return 'refresh_failed';
}

/**
 * Calls the platform and answers the parsed JSON body of a 2xx. Throws
 * PlatformAuthError: `transient` without an answer or on 429/5xx, `invalid_grant`
 * on 400/401 from a token endpoint, `denied` on 403, `unexpected` otherwise.
 */
export async function callPlatform(env: AuthEnv, url: string, options: CallOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: string | URLSearchParams | undefined;
  if (options.form) body = formBody(options.form);
  else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  }
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  if (options.basic) {
    const pair = `${encodeURIComponent(options.basic.user)}:${encodeURIComponent(options.basic.password)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  }
  let res: Response;
  try {
    res = await fetch(withQuery(url, options.query), {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(env.timeoutMs),
    });
  } catch (err) {
    const what = (err as Error).name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
    throw new PlatformAuthError('transient', `${env.platform} ${what}`);
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = null;
  }
  if (res.ok) {
    if (parsed === null)
      throw new PlatformAuthError('unexpected', `${env.platform} answered with no JSON`, res.status);
    return parsed;
  }
  const message = platformMessage(parsed, `HTTP ${res.status}`);
  if (res.status === 429 || res.status >= 500)
    throw new PlatformAuthError('transient', `${env.platform} is unavailable: ${message}`, res.status);
  if (res.status === 400 || res.status === 401)
    throw new PlatformAuthError(
      'invalid_grant',
      `${env.platform}: ${message}`,
      res.status,
      reasonFrom(message),
    );
  if (res.status === 403)
    throw new PlatformAuthError('denied', `${env.platform}: ${message}`, res.status, reasonFrom(message));
  throw new PlatformAuthError('unexpected', `${env.platform}: ${message}`, res.status);
}

/** Reads a string field of an answer or fails clearly. */
export function str(obj: unknown, field: string, what: string): string {
  const v = obj && typeof obj === 'object' ? (obj as Record<string, unknown>)[field] : undefined;
  if (typeof v === 'string' && v) return v;
  if (typeof v === 'number') return String(v);
  throw new PlatformAuthError('unexpected', `${what} lacks ${field}`);
}

/** An optional string field (null when absent). */
export function optStr(obj: unknown, field: string): string | null {
  const v = obj && typeof obj === 'object' ? (obj as Record<string, unknown>)[field] : undefined;
  if (typeof v === 'string' && v) return v;
  if (typeof v === 'number') return String(v);
  return null;
}

/** A nested object (or an empty one). */
export function obj(value: unknown, field: string): Record<string, unknown> {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** A nested array (or an empty one). */
export function arr(value: unknown, field: string): unknown[] {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
  return Array.isArray(v) ? v : [];
}
