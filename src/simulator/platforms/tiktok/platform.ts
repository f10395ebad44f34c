/** TikTok Login Kit / Content Posting API: access 2 h, refresh 180 days and rotating (Nov 2026 docs). */
import { json } from '../../core/http.ts';
import { randomToken } from '../../core/ids.ts';
import type { PlatformProfile } from '../../core/profile.ts';

/** TikTok's API envelope error: `{ data: {}, error: { code, message, log_id } }`. */
export const tiktokError = (status: number, code: string, message: string) =>
  json(status, { data: {}, error: { code, message, log_id: randomToken('', 12) } });

export const profile: PlatformProfile = {
  name: 'tiktok',
  title: 'TikTok',
  hosts: ['https://www.tiktok.com (authorize: /v2/auth/authorize/)', 'https://open.tiktokapis.com'],
  tokenPolicy: {
    accessTtlSec: 7200,
    issueRefresh: true,
    refreshTtlSec: 15552000,
    rotateRefresh: true,
    refreshFixedExpiry: false,
    refreshReuseGraceSec: 0,
    codeTtlSec: 600,
    pkce: 'optional',
  },
  seedAccounts: () => [
    {
      platform: 'tiktok',
      id: 'sim-tiktok-open-id-0001',
      username: 'sim_tiktoker',
      name: 'Sim TikToker',
      avatarUrl: 'https://p16-sign.tiktokcdn.invalid/sim_tiktoker.jpeg',
      email: 'sim_tiktoker@sim.invalid',
      followersCount: 42,
      creatorInfo: {
        privacyLevelOptions: [
          'PUBLIC_TO_EVERYONE',
          'MUTUAL_FOLLOW_FRIENDS',
          'FOLLOWER_OF_CREATOR',
          'SELF_ONLY',
        ],
        commentDisabled: false,
        duetDisabled: false,
        stitchDisabled: true,
        maxVideoPostDurationSec: 600,
      },
    },
  ],
  unauthorized: () =>
    tiktokError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.'),
  rateLimited: () =>
    tiktokError(429, 'rate_limit_exceeded', 'The API rate limit was exceeded. Please try again later.'),
};
