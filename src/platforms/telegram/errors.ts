/**
 * Bot API error answers (`{ok: false, error_code, description, parameters}`) →
 * PlatformError. 401 is a bot token Telegram no longer knows (revoked in BotFather:
 * reconnect); 429 waits `parameters.retry_after` seconds; 5xx is transient; every
 * other refusal is permanent with Telegram's own description. A group that became a
 * supergroup answers `migrate_to_chat_id`: the message says to reconnect with it.
 */
import { classifyHttpStatus, PlatformError } from '../contract.ts';
import type { PlatformResponse } from '../shared/http.ts';

interface BotError {
  error_code?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown; migrate_to_chat_id?: unknown };
}

export function readTelegramError(res: PlatformResponse): PlatformError {
  const body = (res.json ?? {}) as BotError;
  const description =
    typeof body.description === 'string' ? body.description : res.text.slice(0, 200) || `HTTP ${res.status}`;
  const code = typeof body.error_code === 'number' ? body.error_code : res.status;
  const details = { status: res.status, platformCode: String(code) };
  const message = `Telegram: ${description}`;
  const retryAfter = body.parameters?.retry_after;
  if (res.status === 429 || code === 429)
    return new PlatformError('rate_limited', message, {
      ...details,
      retryAfterMs: typeof retryAfter === 'number' ? retryAfter * 1000 : 30_000,
    });
  const migrated = body.parameters?.migrate_to_chat_id;
  if (migrated !== undefined)
    return new PlatformError(
      'permanent',
      `${message} (the group is now the supergroup ${String(migrated)}: connect the bot to that chat again)`,
      details,
    );
  if (res.status === 401) return new PlatformError('auth', message, { ...details, reason: 'token_revoked' });
  return new PlatformError(classifyHttpStatus(res.status), message, details);
}
