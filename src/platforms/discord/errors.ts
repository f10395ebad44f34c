/**
 * Discord's error answers (`{code, message, errors?}`, https://discord.com/developers/docs/topics/opcodes-and-status-codes)
 * → PlatformError. The webhook's token is its only credential: 404 Unknown Webhook
 * (10015, the webhook was deleted in the channel's settings or the app's access
 * removed) and 401 Invalid Webhook Token (50027) mean the channel must be connected
 * again. 429 waits `retry_after` seconds (or the Retry-After header); 5xx is transient;
 * every other refusal is permanent with Discord's message and the field errors of
 * 50035 Invalid Form Body spelled out.
 */
import { PlatformError, retryAfterMs } from '../contract.ts';
import type { PlatformResponse } from '../shared/http.ts';

export const UNKNOWN_WEBHOOK = 10015;
export const INVALID_WEBHOOK_TOKEN = 50027;
export const UNKNOWN_MESSAGE = 10008;

interface DiscordError {
  code?: unknown;
  message?: unknown;
  retry_after?: unknown;
  errors?: unknown;
}

/** `content: Must be 2000 or fewer in length.` from a nested `errors` tree. */
export function fieldErrors(errors: unknown, path = ''): string[] {
  if (!errors || typeof errors !== 'object') return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(errors as Record<string, unknown>)) {
    if (k === '_errors' && Array.isArray(v)) {
      for (const e of v)
        if (typeof (e as { message?: unknown }).message === 'string')
          out.push(`${path || 'body'}: ${(e as { message: string }).message}`);
    } else out.push(...fieldErrors(v, path ? `${path}.${k}` : k));
  }
  return out;
}

export function readDiscordError(res: PlatformResponse): PlatformError {
  const body = (res.json ?? {}) as DiscordError;
  const code = typeof body.code === 'number' ? body.code : undefined;
  const text =
    typeof body.message === 'string' ? body.message : res.text.slice(0, 200) || `HTTP ${res.status}`;
  const fields = fieldErrors(body.errors);
  const message = `Discord: ${text}${fields.length ? ` (${fields.join('; ')})` : ''}`;
  const details = { status: res.status, ...(code !== undefined ? { platformCode: String(code) } : {}) };
  if (res.status === 429) {
    const seconds = typeof body.retry_after === 'number' ? body.retry_after : undefined;
    return new PlatformError('rate_limited', message, {
      ...details,
      retryAfterMs:
        seconds !== undefined
          ? Math.ceil(seconds * 1000)
          : retryAfterMs(res.headers.get('retry-after'), 5_000),
    });
  }
  if (code === UNKNOWN_WEBHOOK || code === INVALID_WEBHOOK_TOKEN || res.status === 401)
    return new PlatformError(
      'auth',
      `${message}: the channel's webhook was deleted or its token refused; connect the channel again`,
      { ...details, reason: 'token_revoked' },
    );
  if (res.status === 408 || res.status >= 500) return new PlatformError('transient', message, details);
  return new PlatformError('permanent', message, details);
}
