/**
 * One call of a Discord webhook: `<api>/api/v10/webhooks/<id>/<token><rest>`, JSON or
 * multipart. The token travels in the path, as Discord wants it, and never enters a
 * message (any error text is scrubbed of it). No Authorization header: the webhook's
 * token is the whole credential.
 */
import { PlatformError } from '../contract.ts';
import { platformCall } from '../shared/http.ts';
import type { Webhook } from './account.ts';
import { readDiscordError } from './errors.ts';

export interface WebhookCall {
  /** The API host: https://discord.com, a configured one, or the simulator. */
  base: string;
  webhook: Webhook;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

export async function webhookCall(
  call: WebhookCall,
  opts: {
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    /** Below the webhook: '' or `/messages/<id>`. */
    path?: string;
    query?: Record<string, string | undefined>;
    json?: unknown;
    body?: FormData;
    createCall?: boolean;
    what: string;
  },
): Promise<unknown> {
  const { id, token } = call.webhook;
  try {
    const res = await platformCall({
      method: opts.method,
      url: `${call.base.replace(/\/+$/, '')}/api/v10/webhooks/${encodeURIComponent(id)}/${encodeURIComponent(token)}${opts.path ?? ''}`,
      ...(opts.query ? { query: opts.query } : {}),
      ...(opts.json !== undefined ? { json: opts.json } : {}),
      ...(opts.body ? { body: opts.body } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
      ...(call.timeoutMs ? { timeoutMs: call.timeoutMs } : {}),
      ...(opts.createCall ? { createCall: true } : {}),
      what: opts.what,
      readError: readDiscordError,
    });
    return res.json;
  } catch (err) {
    throw scrubbed(err, token);
  }
}

/** The error with the webhook token cut out of its message (a URL may appear in network errors). */
function scrubbed(err: unknown, token: string): unknown {
  if (!(err instanceof PlatformError) || !token) return err;
  const encoded = encodeURIComponent(token);
  if (!err.message.includes(token) && !err.message.includes(encoded)) return err;
  const message = err.message.split(token).join('<webhook token>').split(encoded).join('<webhook token>');
  return new PlatformError(err.errorClass, message, {
    ...(err.retryAfterMs !== undefined ? { retryAfterMs: err.retryAfterMs } : {}),
    ...(err.status !== undefined ? { status: err.status } : {}),
    ...(err.platformCode !== undefined ? { platformCode: err.platformCode } : {}),
    ...(err.reason !== undefined ? { reason: err.reason } : {}),
  });
}
