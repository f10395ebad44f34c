/**
 * Discord (https://discord.com/developers/docs): OAuth on discord.com with the
 * `webhook.incoming` scope, where the person picks a server and a channel and the
 * token answer carries a new webhook of that channel; then the webhook's own API,
 * `/api/v10/webhooks/{webhook.id}/{webhook.token}`, with the token in the path and no
 * other credential. Here each simulated account is one such webhook (its channel and
 * server in WEBHOOK_CHANNELS). A token that is no webhook's is 401 "Invalid Webhook
 * Token" (50027); a deleted webhook (revoked tokens) is 404 "Unknown Webhook" (10015).
 */
import { json, type SimResponse } from '../../core/http.ts';
import type { PlatformProfile } from '../../core/profile.ts';

export const SIM_GUILD_ID = '1330000000000000001';

/** Where each seeded webhook posts: a text channel, and a forum channel (posts are threads). */
export const WEBHOOK_CHANNELS: Record<string, { channelId: string; forum: boolean; name: string }> = {
  '1310000000000000001': { channelId: '1320000000000000001', forum: false, name: 'Sim Publisher' },
  '1310000000000000002': { channelId: '1320000000000000002', forum: true, name: 'Sim Forum Publisher' },
};

export const discordError = (
  status: number,
  code: number,
  message: string,
  errors?: Record<string, unknown>,
  headers: Record<string, string> = {},
): SimResponse => json(status, { code, message, ...(errors ? { errors } : {}) }, headers);

export const profile: PlatformProfile = {
  name: 'discord',
  title: 'Discord',
  hosts: ['https://discord.com (OAuth pages, /api/v10)'],
  tokenPolicy: {
    // Webhook tokens never expire; they end when the webhook is deleted.
    accessTtlSec: null,
    issueRefresh: true,
    refreshTtlSec: null,
    rotateRefresh: true,
    refreshFixedExpiry: false,
    refreshReuseGraceSec: 0,
    codeTtlSec: 600,
    pkce: 'optional',
  },
  seedAccounts: () =>
    Object.entries(WEBHOOK_CHANNELS).map(([id, w]) => ({
      platform: 'discord' as const,
      id,
      username: w.name,
      name: w.name,
      avatarUrl: '',
      email: `webhook-${id}@sim.invalid`,
    })),
  // The token is the path segment after the webhook id.
  tokenOf: (req) => /^\/api\/v\d+\/webhooks\/[^/]+\/([^/]+)/.exec(req.path)?.[1],
  unauthorized: (problem) =>
    problem === 'revoked' || problem === 'expired'
      ? discordError(404, 10015, 'Unknown Webhook')
      : discordError(401, 50027, 'Invalid Webhook Token'),
  rateLimited: (opts) => {
    const wait = opts.resetInSec ?? 2;
    return json(
      429,
      { message: 'You are being rate limited.', retry_after: wait, global: false, code: 0 },
      {
        'retry-after': String(Math.ceil(wait)),
        'x-ratelimit-limit': '5',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset-after': String(wait),
        'x-ratelimit-scope': 'shared',
      },
    );
  },
};
