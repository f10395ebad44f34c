/**
 * Telegram Bot API (https://core.telegram.org/bots/api): `/bot<token>/<method>`, every
 * answer `{ok, result}` or `{ok: false, error_code, description, parameters}`. A bot
 * token never expires; an unknown one is 401 Unauthorized (404 Not Found without one).
 * The seeded bot has the sandbox token (src/facts/sandbox-app.ts) and administers the
 * channel @sim_channel; chats.ts seeds the chats.
 */
import { SANDBOX_TELEGRAM } from '../../../facts/sandbox-app.ts';
import { json } from '../../core/http.ts';
import type { PlatformProfile } from '../../core/profile.ts';

export const SIM_BOT_ID = '7000000001';

export const botError = (
  status: number,
  description: string,
  parameters?: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  json(
    status,
    { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) },
    headers,
  );

export const botOk = (result: unknown) => json(200, { ok: true, result });

export const profile: PlatformProfile = {
  name: 'telegram',
  title: 'Telegram',
  hosts: ['https://api.telegram.org (Bot API: /bot<token>/<method>)'],
  tokenPolicy: {
    accessTtlSec: null,
    issueRefresh: false,
    refreshTtlSec: null,
    rotateRefresh: false,
    refreshFixedExpiry: false,
    refreshReuseGraceSec: 0,
    codeTtlSec: 600,
    pkce: 'optional',
  },
  tokenValue: () =>
    `${Math.floor(1e9 + Math.random() * 9e9)}:AA${Math.random().toString(36).slice(2, 14)}sim`,
  seedAccounts: () => [
    {
      platform: 'telegram',
      id: SIM_BOT_ID,
      username: 'sim_publisher_bot',
      name: 'Sim Publisher Bot',
      avatarUrl: '',
      email: 'sim-bot@sim.invalid',
    },
  ],
  seedTokens: () => [{ accountId: SIM_BOT_ID, value: SANDBOX_TELEGRAM.botToken }],
  // The token is the first path segment: /bot<token>/<method>.
  tokenOf: (req) => /^\/bot([^/]+)\//.exec(req.path)?.[1],
  unauthorized: (problem) =>
    problem === 'missing' ? botError(404, 'Not Found') : botError(401, 'Unauthorized'),
  rateLimited: (opts) => {
    const wait = opts.resetInSec ?? 30;
    return botError(
      429,
      `Too Many Requests: retry after ${wait}`,
      { retry_after: wait },
      { 'retry-after': String(wait) },
    );
  },
};
