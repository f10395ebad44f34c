/** X (Twitter) API v2: tokens 2 h, refresh only with `offline.access`, single-use and rotating. */
import { json } from '../../core/http.ts';
import type { PlatformProfile } from '../../core/profile.ts';
import { PROBLEM_JSON, problem } from './problem.ts';

export const profile: PlatformProfile = {
  name: 'twitter',
  title: 'X',
  hosts: ['https://api.x.com', 'https://x.com (authorize: /i/oauth2/authorize)'],
  tokenPolicy: {
    accessTtlSec: 7200,
    issueRefresh: true,
    refreshTtlSec: null,
    rotateRefresh: true,
    refreshFixedExpiry: false,
    refreshReuseGraceSec: 0,
    codeTtlSec: 30,
    pkce: 'required',
  },
  seedAccounts: () => [
    {
      platform: 'twitter',
      id: '1500000000000000001',
      username: 'sim_x_user',
      name: 'Sim X User',
      avatarUrl: 'https://pbs.twimg.invalid/profile_images/sim_x_user.jpg',
      email: 'sim_x_user@sim.invalid',
      followersCount: 1200,
      // Eligible for long posts, so sandbox users can try longPost; the second account is not.
      subscriptionType: 'Premium',
    },
    {
      platform: 'twitter',
      id: '1500000000000000002',
      username: 'sim_x_second',
      name: 'Sim X Second',
      avatarUrl: 'https://pbs.twimg.invalid/profile_images/sim_x_second.jpg',
      email: 'sim_x_second@sim.invalid',
      followersCount: 3,
      subscriptionType: 'None',
    },
  ],
  unauthorized: () => problem(401, 'Unauthorized', 'about:blank', 'Unauthorized'),
  rateLimited: (opts, nowSec) => {
    const reset = String(nowSec + (opts.resetInSec ?? 900));
    return json(
      429,
      {
        title: 'Too Many Requests',
        detail: 'Too Many Requests',
        type: 'https://api.x.com/2/problems/rate-limit-exceeded',
        status: 429,
      },
      {
        ...PROBLEM_JSON,
        'x-rate-limit-limit': '100',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': reset,
      },
    );
  },
};
