/**
 * Facebook Pages (Graph API). Short-lived user token about 1 h, long-lived 60 days
 * via `fb_exchange_token`, no refresh token; Page tokens from a long-lived user token
 * never expire. Any Graph version segment (`/v25.0/`, `/v21.0/`) is accepted.
 */
import type { PlatformProfile } from '../../core/profile.ts';
import { metaRateLimited, metaUnauthorized } from '../_shared/meta.ts';

export const profile: PlatformProfile = {
  name: 'facebook',
  title: 'Facebook',
  hosts: ['https://www.facebook.com (dialog: /{version}/dialog/oauth)', 'https://graph.facebook.com'],
  tokenPolicy: {
    accessTtlSec: 3600,
    issueRefresh: false,
    refreshTtlSec: null,
    rotateRefresh: false,
    refreshFixedExpiry: false,
    refreshReuseGraceSec: 0,
    codeTtlSec: 600,
    longLivedTtlSec: 5183944,
    pkce: 'optional',
  },
  seedAccounts: () => [
    {
      platform: 'facebook',
      id: '10000000000000001',
      username: 'sim.fb.user',
      name: 'Sim Facebook User',
      avatarUrl: 'https://scontent.xx.fbcdn.invalid/sim-fb-user.jpg',
      email: 'sim.fb.user@sim.invalid',
      pages: [
        {
          id: '200000000000001',
          name: 'Sim Page',
          category: 'Local business',
          tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
          pictureUrl: 'https://scontent.xx.fbcdn.invalid/sim-page.jpg',
          followersCount: 540,
          instagramBusinessAccount: {
            id: '17841400000000011',
            username: 'sim_page_insta',
            profilePictureUrl: 'https://scontent.cdninstagram.invalid/sim_page_insta.jpg',
          },
        },
      ],
    },
    {
      platform: 'facebook',
      id: '10000000000000002',
      username: 'sim.fb.manager',
      name: 'Sim Page Manager',
      avatarUrl: 'https://scontent.xx.fbcdn.invalid/sim-fb-manager.jpg',
      email: 'sim.fb.manager@sim.invalid',
      pages: [
        {
          id: '200000000000002',
          name: 'Sim Shop',
          category: 'Shopping & retail',
          tasks: ['ANALYZE', 'CREATE_CONTENT', 'MODERATE', 'MANAGE'],
          pictureUrl: 'https://scontent.xx.fbcdn.invalid/sim-shop.jpg',
          followersCount: 88,
        },
        {
          id: '200000000000003',
          name: 'Sim Cafe',
          category: 'Cafe',
          tasks: ['ANALYZE', 'CREATE_CONTENT', 'MODERATE', 'MANAGE'],
          pictureUrl: 'https://scontent.xx.fbcdn.invalid/sim-cafe.jpg',
          followersCount: 130,
        },
        {
          id: '200000000000004',
          name: 'Sim Club',
          category: 'Community',
          tasks: ['ANALYZE'],
          pictureUrl: 'https://scontent.xx.fbcdn.invalid/sim-club.jpg',
          followersCount: 61,
        },
      ],
    },
  ],
  unauthorized: (problem) => metaUnauthorized(problem),
  rateLimited: (opts, _now, accountId) =>
    metaRateLimited(opts.code ?? 4, opts.resetInSec ?? 3600, accountId, 'pages'),
};
