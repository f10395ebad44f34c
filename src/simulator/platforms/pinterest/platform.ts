/** Pinterest API v5: access ~30 days, "continuous" refresh tokens (60 days, rotating). */
import { json } from '../../core/http.ts';
import type { PlatformProfile } from '../../core/profile.ts';

export const profile: PlatformProfile = {
  name: 'pinterest',
  title: 'Pinterest',
  hosts: ['https://www.pinterest.com (authorize: /oauth/)', 'https://api.pinterest.com'],
  tokenPolicy: {
    accessTtlSec: 2592000,
    issueRefresh: true,
    refreshTtlSec: 5184000,
    rotateRefresh: true,
    refreshFixedExpiry: false,
    refreshReuseGraceSec: 0,
    codeTtlSec: 600,
    // Pinterest's token request (its OpenAPI document) has no code_verifier.
    pkce: 'unsupported',
  },
  seedAccounts: () => [
    {
      platform: 'pinterest',
      id: '549755885175',
      username: 'sim_pinner',
      name: 'Sim Pinner',
      avatarUrl: 'https://i.pinimg.invalid/sim_pinner.jpg',
      email: 'sim_pinner@sim.invalid',
      accountType: 'BUSINESS',
      followersCount: 77,
      boards: [
        { id: '549755885176', name: 'Sim Board', description: 'Where the pins go', privacy: 'PUBLIC' },
        { id: '549755885177', name: 'Recipes', description: 'Food', privacy: 'PUBLIC' },
        { id: '549755885178', name: 'Secret plans', description: '', privacy: 'SECRET' },
      ],
    },
  ],
  unauthorized: () => json(401, { code: 2, message: 'Authentication failed.' }),
  rateLimited: () => json(429, { code: 8, message: 'You have exceeded your rate limit. Try again later.' }),
};
