/**
 * One Bot API call: `POST <api>/bot<token>/<method>` with a JSON or multipart body,
 * answered `{ok: true, result}`. The token travels in the path, as Telegram wants
 * it; it never enters a message (any error text is scrubbed of it).
 */
import { PlatformError } from '../contract.ts';
import { platformCall } from '../shared/http.ts';
import { readTelegramError } from './errors.ts';

export interface Bot {
  /** The Bot API server: https://api.telegram.org, a configured one, or the simulator. */
  base: string;
  token: string;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

export async function botCall(
  bot: Bot,
  method: string,
  opts: { json?: Record<string, unknown>; body?: FormData; createCall?: boolean; what: string },
): Promise<unknown> {
  try {
    const res = await platformCall({
      method: 'POST',
      url: `${bot.base.replace(/\/+$/, '')}/bot${bot.token}/${method}`,
      ...(opts.json ? { json: opts.json } : {}),
      ...(opts.body ? { body: opts.body } : {}),
      ...(bot.signal ? { signal: bot.signal } : {}),
      ...(bot.timeoutMs ? { timeoutMs: bot.timeoutMs } : {}),
      ...(opts.createCall ? { createCall: true } : {}),
      what: opts.what,
      readError: readTelegramError,
    });
    const answer = res.json as { ok?: unknown; result?: unknown } | undefined;
    if (answer?.ok !== true || !('result' in answer))
      throw new PlatformError(
        opts.createCall ? 'unknown_outcome' : 'transient',
        `${opts.what}: Telegram answered without a result`,
      );
    return answer.result;
  } catch (err) {
    throw scrubbed(err, bot.token);
  }
}

/** The error with the bot token cut out of its message (a URL may appear in network errors). */
function scrubbed(err: unknown, token: string): unknown {
  if (!(err instanceof PlatformError) || !token || !err.message.includes(token)) return err;
  return new PlatformError(err.errorClass, err.message.split(token).join('<bot token>'), {
    ...(err.retryAfterMs !== undefined ? { retryAfterMs: err.retryAfterMs } : {}),
    ...(err.status !== undefined ? { status: err.status } : {}),
    ...(err.platformCode !== undefined ? { platformCode: err.platformCode } : {}),
    ...(err.reason !== undefined ? { reason: err.reason } : {}),
  });
}
