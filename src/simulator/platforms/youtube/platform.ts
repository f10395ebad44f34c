/** YouTube Data API v3 with Google OAuth: access 1 h, refresh tokens long-lived and not rotated. */
import type { PlatformProfile } from '../../core/profile.ts';
import { googleError, googleUnauthorized } from '../_shared/google.ts';

export const profile: PlatformProfile = {
  name: 'youtube',
  title: 'YouTube',
  hosts: ['https://accounts.google.com', 'https://oauth2.googleapis.com', 'https://www.googleapis.com'],
  tokenPolicy: {
    accessTtlSec: 3599,
    issueRefresh: true,
    refreshTtlSec: null,
    rotateRefresh: false,
    refreshFixedExpiry: false,
    refreshReuseGraceSec: 0,
    codeTtlSec: 600,
    pkce: 'optional',
  },
  seedAccounts: () => [
    {
      platform: 'youtube',
      id: '110000000000000000001',
      username: 'simchannel',
      name: 'Sim YouTube User',
      avatarUrl: 'https://lh3.googleusercontent.invalid/sim-youtube.jpg',
      email: 'sim.youtube@sim.invalid',
      channel: {
        id: 'UCsimchannel000000000001',
        title: 'Sim Channel',
        customUrl: '@simchannel',
        thumbnailUrl: 'https://yt3.ggpht.invalid/sim-channel.jpg',
      },
    },
    {
      platform: 'youtube',
      id: '110000000000000000003',
      username: 'simsecond',
      name: 'Sim YouTube Second',
      avatarUrl: 'https://lh3.googleusercontent.invalid/sim-youtube-2.jpg',
      email: 'sim.youtube2@sim.invalid',
      channel: {
        id: 'UCsimchannel000000000002',
        title: 'Sim Second Channel',
        customUrl: '@simsecond',
        thumbnailUrl: 'https://yt3.ggpht.invalid/sim-channel-2.jpg',
      },
    },
  ],
  unauthorized: () => googleUnauthorized(true),
  rateLimited: () =>
    googleError(
      403,
      'PERMISSION_DENIED',
      'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
      [
        {
          message:
            'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
          domain: 'youtube.quota',
          reason: 'quotaExceeded',
        },
      ],
    ),
};
