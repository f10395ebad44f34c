/**
 * How the command line's user commands talk to the service: over its HTTP API,
 * with an access key, like any other client (so they work against a service on
 * another machine, and need nothing of its database or settings). Errors come back
 * as the API's own message.
 */
import { AppError, statusToKind } from '../errors.ts';

export interface ApiOptions {
  /** Base URL of the service (--url, SPS_URL). */
  url: string;
  /** The project's access key (--key, SPS_ACCESS_KEY). */
  key?: string;
  json?: boolean;
}

export type Api = <T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<T>;

export function apiClient(o: ApiOptions): Api {
  const key = o.key ?? process.env.SPS_ACCESS_KEY;
  if (!key) throw new AppError('invalid', 'Give the access key with --key or the SPS_ACCESS_KEY variable');
  const base = o.url.replace(/\/+$/, '');
  return async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          'x-access-key': key,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (err) {
      const why = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
      throw new AppError('unavailable', `Could not reach the service at ${base} (${why}); is it running?`);
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { message: text };
    }
    if (!res.ok) {
      const b = parsed as { message?: string; error?: string };
      throw new AppError(statusToKind(res.status), b.message ?? b.error ?? `HTTP ${res.status}`);
    }
    return parsed as T;
  };
}

/** Prints a result: the JSON value with --json, else the text for people. */
export function output(json: boolean | undefined, value: unknown, text: string): void {
  process.stdout.write(`${json ? JSON.stringify(value) : text}\n`);
}
