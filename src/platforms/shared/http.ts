/**
 * The one HTTP client for calls to a platform's own API: publishing, token and
 * account endpoints, lookups (the base URL comes from config, so these are not
 * user-supplied URLs and do not go through the outbound client). A URL the
 * platform answered with (an upload URL, a resumable session) is another matter:
 * with `outside`, such a call goes through the outbound client's address filter
 * and its answer is read up to OUTSIDE_ANSWER_MAX_BYTES. It adds timeouts
 * and the job's abort signal, reads the answer once, follows no redirects, and
 * turns every failure into a PlatformError through the caller's error reader (the
 * adapter's own, or `readAccountError` of account-call.ts for OAuth and account
 * answers), so one error class (`auth` → refresh once) means the same everywhere.
 * Tokens travel in headers and are never logged.
 */
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { type Deadline, deadline } from '../../net/deadline.ts';
import { OutboundError, type PlatformUrlGuard, readLimited } from '../../net/outbound.ts';
import { undici } from '../../net/undici.ts';
import { PlatformError } from '../contract.ts';

/** Response headers by case-insensitive name (what adapters read: rate limits, ids, ETags). */
export interface ResponseHeaders {
  get(name: string): string | null;
}

/** What a platform answered: status, headers, and the body parsed as JSON when it is JSON. */
export interface PlatformResponse {
  status: number;
  headers: ResponseHeaders;
  /** Parsed JSON body, or undefined for an empty or non-JSON body. */
  json: unknown;
  /** The raw body text (empty for no body). */
  text: string;
}

/** Reads a platform's error answer into a PlatformError (per-platform codes and messages). */
export type ErrorReader = (res: PlatformResponse) => PlatformError;

export interface PlatformRequest {
  method?: string;
  /** Absolute URL (base URL + real API path). */
  url: string;
  /** Query parameters added to `url`; undefined ones are left out. */
  query?: Record<string, string | undefined>;
  headers?: Record<string, string>;
  /** `authorization: Bearer …`. */
  bearer?: string;
  /** HTTP Basic client authentication (OAuth `client_secret_basic`). */
  basic?: { user: string; password: string };
  /** Sent as JSON with `content-type: application/json`. */
  json?: unknown;
  /** Sent as `application/x-www-form-urlencoded`; undefined values are left out. */
  form?: Record<string, string | undefined>;
  /** A raw body (bytes, multipart FormData, a disk-backed Blob or its slice, or a stream of bytes for uploads). */
  body?: Uint8Array | FormData | Blob | Readable | ReadableStream<Uint8Array>;
  /** Content length for a streamed body. */
  contentLength?: number;
  /** The job's signal: aborts the call when the lease is lost (none for calls outside a job: connect, refresh). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * True for the one call that creates the post: a failure after the request may
   * have reached the platform (timeout, dropped connection, gateway error) is then
   * `unknown_outcome` instead of `transient`, so the engine reconciles first.
   */
  createCall?: boolean;
  /**
   * Statuses outside 2xx that are answers, not failures (YouTube's resumable
   * upload: 308 Resume Incomplete with the `Range` received so far).
   */
  accept?: readonly number[];
  /** What the call is, for messages ("create post", "upload media item 2"; the platform for account calls). */
  what: string;
  readError: ErrorReader;
  /**
   * Set when `url` came from the platform's answer (an upload URL, a resumable
   * session URI): PublishContext.platformUrls, which sends it through the outbound
   * client's address filter unless it is on the platform's own configured hosts.
   */
  outside?: PlatformUrlGuard | undefined;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** The most read of an answer from a URL the platform answered with (upload answers are small). */
export const OUTSIDE_ANSWER_MAX_BYTES = 1024 * 1024;

/** Errors that prove the request never left this machine, so it cannot have had an effect. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

function errorCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: string } }).cause;
  return cause?.code ?? (err as { code?: string }).code;
}

/** One finished call, as the metrics see it: where it went, the answer's status (null: none), how long. */
export interface CallRecord {
  url: string;
  status: number | null;
  seconds: number;
}

const observers = new Set<(call: CallRecord) => void>();

/** Tells `observer` about every platform call from now on (the metrics); returns how to stop. */
export function observePlatformCalls(observer: (call: CallRecord) => void): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** Sends one call; 2xx answers come back, every other outcome is thrown as a PlatformError. */
export async function platformCall(req: PlatformRequest): Promise<PlatformResponse> {
  // The HTTP client is loaded (on the process's first call) before the call's time starts.
  undici();
  // One signal for the call: its own time limit, and the caller's signal (the attempt's) when given.
  const limit = deadline(req.timeoutMs ?? DEFAULT_TIMEOUT_MS, req.signal);
  const started = performance.now();
  let status: number | null = null;
  try {
    const res = await send(req, limit);
    status = res.status;
    return res;
  } catch (err) {
    status = err instanceof PlatformError ? (err.status ?? null) : null;
    throw err;
  } finally {
    limit.clear();
    if (observers.size > 0) {
      const call = { url: req.url, status, seconds: (performance.now() - started) / 1000 };
      for (const o of observers) o(call);
    }
  }
}

async function send(req: PlatformRequest, limit: Deadline): Promise<PlatformResponse> {
  const { signal } = limit;
  const headers = requestHeaders(req);
  const url = req.query ? withQuery(req.url, req.query) : req.url;
  let dispatcher: Dispatcher | undefined;
  try {
    dispatcher = req.outside?.dispatcherFor(url);
  } catch (err) {
    // Refused before anything was sent: the platform pointed at an address that is not allowed.
    throw new PlatformError(
      'permanent',
      `${req.what}: the platform's URL was refused (${(err as Error).message})`,
    );
  }
  let answer: PlatformResponse;
  try {
    answer =
      req.body === undefined
        ? await sendText(req, url, headers, signal, dispatcher)
        : await sendBody(req, url, headers, signal, dispatcher);
  } catch (err) {
    const outbound = outboundErrorOf(err);
    // Refused at connect time: nothing was sent.
    if (outbound?.reason === 'blocked')
      throw new PlatformError(
        'permanent',
        `${req.what}: the platform's URL was refused (${outbound.message})`,
      );
    // An answer too large to read: the request was made, so a create call's outcome is unknown.
    if (outbound?.reason === 'too_large')
      throw new PlatformError(
        req.createCall ? 'unknown_outcome' : 'permanent',
        `${req.what}: ${outbound.message}`,
      );
    throw networkFailure(req, err, limit.timedOut);
  }
  if ((answer.status >= 200 && answer.status < 300) || req.accept?.includes(answer.status)) return answer;
  const error = req.readError(answer);
  if (req.createCall && error.errorClass === 'transient' && answer.status >= 500) {
    throw new PlatformError('unknown_outcome', `${req.what}: ${error.message}`, {
      status: answer.status,
      ...(error.platformCode ? { platformCode: error.platformCode } : {}),
    });
  }
  throw error;
}

/** The caller's headers, then the credential given for this call (which wins over a stray `authorization`). */
function requestHeaders(req: PlatformRequest): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  if (req.bearer) headers.authorization = `Bearer ${req.bearer}`;
  if (req.basic) {
    const pair = `${encodeURIComponent(req.basic.user)}:${encodeURIComponent(req.basic.password)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  }
  return headers;
}

/** The given pairs without their undefined values, for a query string or a form body. */
function definedParams(params: Record<string, string | undefined>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) out.set(k, v);
  return out;
}

function withQuery(url: string, query: Record<string, string | undefined>): string {
  const u = new URL(url);
  for (const [k, v] of definedParams(query)) u.searchParams.set(k, v);
  return u.toString();
}

/**
 * Calls with a JSON, form or no body (creating posts, reading state): undici's
 * request API, without fetch's web streams and Response objects, which cost
 * about as much CPU as the rest of publishing a post together.
 */
async function sendText(
  req: PlatformRequest,
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  dispatcher: Dispatcher | undefined,
): Promise<PlatformResponse> {
  let body: string | undefined;
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  } else if (req.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = definedParams(req.form).toString();
  }
  const method = (req.method ?? (body === undefined ? 'GET' : 'POST')) as Dispatcher.HttpMethod;
  // undici's request follows no redirects: a 3xx is an answer like any other.
  const res = await undici().request(url, {
    method,
    headers,
    body,
    signal,
    ...(dispatcher ? { dispatcher } : {}),
  });
  const text = dispatcher ? await limitedText(res.body) : await res.body.text();
  return { status: res.statusCode, headers: toHeaders(res.headers), json: parseJson(text), text };
}

/** The outbound client's refusal in a failure, itself or as its cause. */
function outboundErrorOf(err: unknown): OutboundError | undefined {
  if (err instanceof OutboundError) return err;
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof OutboundError ? cause : undefined;
}

/** An answer's text up to OUTSIDE_ANSWER_MAX_BYTES; more is an OutboundError('too_large'). */
async function limitedText(body: AsyncIterable<Uint8Array> & { destroy(): unknown }): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > OUTSIDE_ANSWER_MAX_BYTES) {
      body.destroy();
      throw new OutboundError('too_large', `the answer is larger than ${OUTSIDE_ANSWER_MAX_BYTES} bytes`);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Uploads (bytes, files, multipart, streams) keep fetch, which takes every body kind the adapters pass. */
async function sendBody(
  req: PlatformRequest,
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  dispatcher: Dispatcher | undefined,
): Promise<PlatformResponse> {
  const body = req.body as RequestInit['body'];
  if (req.contentLength !== undefined) headers['content-length'] = String(req.contentLength);
  const streamed = typeof (body as { pipe?: unknown }).pipe === 'function' || body instanceof ReadableStream;
  const res = await fetch(url, {
    method: req.method ?? 'POST',
    headers,
    body,
    signal,
    redirect: 'manual',
    ...(streamed ? { duplex: 'half' } : {}),
    ...(dispatcher ? { dispatcher } : {}),
  } as RequestInit);
  const text = dispatcher
    ? (await readLimited(res, OUTSIDE_ANSWER_MAX_BYTES)).toString('utf8')
    : await res.text();
  return { status: res.status, headers: res.headers, json: parseJson(text), text };
}

/** undici gives header names in lower case; a name asked for is lowered to match. */
function toHeaders(raw: Record<string, string | string[] | undefined>): ResponseHeaders {
  return {
    get: (name) => {
      const v = raw[name.toLowerCase()];
      return Array.isArray(v) ? v.join(', ') : (v ?? null);
    },
  };
}

/** What JSON.parse hands a reviver as its third argument (V8's JSON.parse source text access). */
type ReviverContext = { source?: string };
type ReviverWithSource = (this: unknown, key: string, value: unknown, context?: ReviverContext) => unknown;

/**
 * An integer beyond 2^53 as the digits the platform sent. Graph ids (Instagram's
 * `user_id`, media and comment ids), TikTok's post ids and other int64s come as bare
 * JSON numbers on some endpoints; as a number they would be rounded to another id.
 */
const exactBigIntegers: ReviverWithSource = (_key, value, context) =>
  typeof value === 'number' &&
  !Number.isSafeInteger(value) &&
  context?.source !== undefined &&
  /^-?\d+$/.test(context.source)
    ? context.source
    : value;

export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text, exactBigIntegers as Parameters<typeof JSON.parse>[1]);
  } catch {
    return undefined;
  }
}

function networkFailure(req: PlatformRequest, err: unknown, timedOut: boolean): PlatformError {
  const code = errorCode(err);
  const why = timedOut
    ? 'timed out'
    : req.signal?.aborted
      ? 'was cancelled'
      : `failed (${code ?? (err as Error).message})`;
  const maybeSent = !(code && NOT_SENT_CODES.has(code));
  const errorClass = req.createCall && maybeSent ? 'unknown_outcome' : 'transient';
  return new PlatformError(errorClass, `${req.what} ${why}`);
}

/** The answer readers adapters have always imported with the client (they live in json.ts). */
export { pick, str } from './json.ts';

/** Milliseconds until a unix-seconds reset header (X, Bluesky), with a fallback. */
export function untilUnixReset(header: string | null, nowMs: number, fallbackMs: number): number {
  const at = Number(header);
  if (!header || !Number.isFinite(at)) return fallbackMs;
  return Math.max(0, at * 1000 - nowMs);
}

/** Waits `ms` unless the signal aborts first (polling media processing). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new PlatformError('transient', 'cancelled while waiting'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new PlatformError('transient', 'cancelled while waiting'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
