/** LinkedIn: access 60 days; refresh tokens (approved partners) 365 days fixed, not rotated. */
import { json } from '../../core/http.ts';
import type { PlatformProfile } from '../../core/profile.ts';

export const profile: PlatformProfile = {
  name: 'linkedin',
  title: 'LinkedIn',
  hosts: ['https://www.linkedin.com (OAuth)', 'https://api.linkedin.com'],
  tokenPolicy: {
    accessTtlSec: 5184000,
    issueRefresh: true,
    refreshTtlSec: 31536000,
    rotateRefresh: false,
    refreshFixedExpiry: true,
    refreshReuseGraceSec: 0,
    codeTtlSec: 1800,
    pkce: 'optional',
  },
  seedAccounts: () => [
    {
      platform: 'linkedin',
      id: 'SimMember001',
      username: 'sim-member',
      name: 'Sim Member',
      avatarUrl: 'https://media.licdn.invalid/sim-member.jpg',
      email: 'sim.member@sim.invalid',
      organizations: [
        {
          id: '100000001',
          name: 'Sim Corp',
          vanityName: 'sim-corp',
          role: 'ADMINISTRATOR',
          logoUrl: 'https://media.licdn.invalid/sim-corp.png',
        },
        {
          id: '100000002',
          name: 'Sim Labs',
          vanityName: 'sim-labs',
          role: 'ADMINISTRATOR',
          logoUrl: 'https://media.licdn.invalid/sim-labs.png',
        },
      ],
    },
    {
      platform: 'linkedin',
      id: 'SimMember002',
      username: 'sim-solo',
      name: 'Sim Solo',
      avatarUrl: 'https://media.licdn.invalid/sim-solo.jpg',
      email: 'sim.solo@sim.invalid',
      organizations: [],
    },
  ],
  unauthorized: (problem) => {
    switch (problem) {
      case 'missing':
        return json(401, { serviceErrorCode: 65600, message: 'Empty oauth2 access token', status: 401 });
      case 'unknown':
        return json(401, { serviceErrorCode: 65600, message: 'Invalid access token', status: 401 });
      case 'expired':
        return json(401, {
          status: 401,
          serviceErrorCode: 65602,
          code: 'EXPIRED_ACCESS_TOKEN',
          message: 'The token used in the request has expired',
        });
      case 'revoked':
        return json(401, {
          status: 401,
          serviceErrorCode: 65601,
          code: 'REVOKED_ACCESS_TOKEN',
          message: 'The token used in the request has been revoked by the user',
        });
    }
  },
  rateLimited: () =>
    json(429, {
      status: 429,
      serviceErrorCode: 101,
      code: 'TOO_MANY_REQUESTS',
      message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
    }),
};
