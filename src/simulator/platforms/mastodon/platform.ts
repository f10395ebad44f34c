/**
 * A Mastodon instance (https://docs.joinmastodon.org/methods/): apps registered
 * with `POST /api/v1/apps`, OAuth with PKCE, statuses with media processed after
 * upload, polls, replies, edits, `Idempotency-Key` on status creation. Errors are
 * `{error}` (422 for a refused status); tokens never expire; a rate limit is 429
 * with `X-RateLimit-Reset` (an ISO time). The instance's limits are Mastodon's
 * defaults unless a test sets others (`setInstanceLimits`).
 */
import { json } from '../../core/http.ts';
import type { PlatformProfile } from '../../core/profile.ts';

export const SIM_MASTODON_ACCOUNT = '109000000000000001';

export const mastodonError = (status: number, error: string, headers: Record<string, string> = {}) =>
  json(status, { error }, headers);

export const profile: PlatformProfile = {
  name: 'mastodon',
  title: 'Mastodon',
  hosts: ['https://<any instance> (REST API /api/v1, /api/v2; OAuth /oauth)'],
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
  seedAccounts: () => [
    {
      platform: 'mastodon',
      id: SIM_MASTODON_ACCOUNT,
      username: 'sim_mastodon',
      name: 'Sim Mastodon',
      avatarUrl: 'https://files.mastodon.sim.invalid/avatars/sim.png',
      email: 'sim_mastodon@sim.invalid',
      followersCount: 42,
    },
  ],
  unauthorized: () => mastodonError(401, 'The access token is invalid'),
  rateLimited: (opts, nowSec) => {
    const wait = opts.resetInSec ?? 300;
    return mastodonError(429, 'Too many requests', {
      'x-ratelimit-limit': '300',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': new Date((nowSec + wait) * 1000).toISOString(),
    });
  },
};
