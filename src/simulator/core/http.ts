/**
 * The request and answer shapes every simulated endpoint works with. The simulator
 * runs on node:http with its own small router (not Fastify) because fault injection
 * needs full control of the socket: hang without answering, or drop the connection
 * after the platform has committed the action.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Platform } from '../../facts/platforms.ts';
import type { SimAccount, SimToken } from './types.ts';

/** Who a request acts as, once its access token was accepted. */
export interface AuthContext {
  token: SimToken;
  /** The user the token belongs to. */
  account: SimAccount;
  /** Page token: the Page id the token acts as. */
  pageId?: string;
}

export interface SimRequest {
  method: string;
  /** Full path as received, without the query (e.g. `/twitter/2/tweets`). */
  fullPath: string;
  /** Path below the platform prefix (e.g. `/2/tweets`); equal to fullPath for `/_sim/`. */
  path: string;
  platform: Platform | null;
  /**
   * The platform host called, when it is not the main one (the path was
   * `/<platform>/_host/<hostname>/...`), e.g. `graph-video.facebook.com`.
   */
  host?: string;
  query: Record<string, string>;
  /** The query with repeated names kept (XRPC's `uris=a&uris=b`); `query` holds the last of each. */
  searchParams?: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed body: JSON → value, form → Record<string,string>, otherwise the raw Buffer (empty body → undefined). */
  body: unknown;
  rawBody: Buffer;
  /** Route parameters (`:name` segments, `*` rest as `rest`). */
  params: Record<string, string>;
  /** Set on routes registered with `{ auth: true }`. */
  auth?: AuthContext;
}

export interface SimResponse {
  status: number;
  headers?: Record<string, string>;
  /** Objects and arrays are sent as JSON; strings and Buffers as they are. */
  body?: unknown;
}

/** The accepted token of an `{ auth: true }` route (throws when the route was registered without it). */
export const authOf = (req: SimRequest): AuthContext => {
  if (!req.auth) throw new Error(`route ${req.fullPath} was registered without { auth: true }`);
  return req.auth;
};

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): SimResponse => ({
  status,
  body,
  headers,
});

export const html = (status: number, text: string): SimResponse => ({
  status,
  body: `<!doctype html><html><body><p>${escapeHtml(text)}</p></body></html>`,
  headers: { 'content-type': 'text/html; charset=utf-8' },
});

export const redirect = (location: string, status = 302): SimResponse => ({
  status,
  headers: { location },
});

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * All parameters of a request merged, the way Meta and others accept them from the
 * query, a form body or a JSON body alike. Body wins over query.
 */
export const allParams = (req: SimRequest): Record<string, string> => {
  const out: Record<string, string> = { ...req.query };
  if (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) && !Array.isArray(req.body)) {
    for (const [k, v] of Object.entries(req.body as Record<string, unknown>)) {
      if (v === undefined || v === null) continue;
      out[k] = typeof v === 'string' ? v : JSON.stringify(v);
    }
  }
  return out;
};

/** The body as a plain object (JSON or form), or {} when it is neither. */
export const bodyObject = (req: SimRequest): Record<string, unknown> =>
  req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) && !Array.isArray(req.body)
    ? (req.body as Record<string, unknown>)
    : {};

export const headerValue = (req: SimRequest, name: string): string | undefined => {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/** `Authorization: Bearer x` (any case), or undefined. */
export const bearerToken = (req: SimRequest): string | undefined => {
  const h = headerValue(req, 'authorization');
  const m = h ? /^(?:Bearer|OAuth)\s+(.+)$/i.exec(h.trim()) : null;
  return m?.[1];
};

/** HTTP Basic credentials, or undefined. */
export const basicAuth = (req: SimRequest): { user: string; password: string } | undefined => {
  const h = headerValue(req, 'authorization');
  const m = h ? /^Basic\s+(.+)$/i.exec(h.trim()) : null;
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return undefined;
  return {
    user: decodeURIComponent(decoded.slice(0, i)),
    password: decodeURIComponent(decoded.slice(i + 1)),
  };
};

/** Parses a body by its content type. Multipart stays a Buffer (use `new Request(...).formData()`). */
export const parseBody = (raw: Buffer, contentType: string | undefined): unknown => {
  if (raw.length === 0) return undefined;
  const ct = (contentType ?? '').toLowerCase();
  if (ct.includes('application/json') || ct.includes('+json')) {
    try {
      return JSON.parse(raw.toString('utf8'));
    } catch {
      return raw;
    }
  }
  if (ct.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  }
  return raw;
};

/** Reads a multipart/form-data body with the platform's own parser (undici). */
export const readMultipart = async (req: SimRequest): Promise<FormData> => {
  const ct = headerValue(req, 'content-type') ?? '';
  const r = new Request('http://sim.local/', {
    method: 'POST',
    body: new Uint8Array(req.rawBody),
    headers: { 'content-type': ct },
  });
  return r.formData();
};
