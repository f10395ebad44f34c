/**
 * Instagram API with Instagram Login (graph.instagram.com + api.instagram.com):
 * short-lived token 1 h, long-lived 60 days via `ig_exchange_token`, refreshed with
 * `ig_refresh_token`; no refresh token.
 */
import type { PlatformProfile } from '../../core/profile.ts';
import { metaRateLimited, metaUnauthorized } from '../_shared/meta.ts';

export const profile: PlatformProfile = {
  name: 'instagram',
  title: 'Instagram',
  hosts: [
    'https://www.instagram.com (authorize: /oauth/authorize)',
    'https://api.instagram.com (code exchange: /oauth/access_token)',
    'https://graph.instagram.com',
  ],
  tokenPolicy: {
    accessTtlSec: 3600,
    issueRefresh: false,
    refreshTtlSec: null,
    rotateRefresh: false,
    refreshFixedExpiry: false,
    refreshReuseGraceSec: 0,
    codeTtlSec: 3600,
    longLivedTtlSec: 5183944,
    // The token call takes no code_verifier: the platform's pages describe no PKCE.
    pkce: 'unsupported',
  },
  seedAccounts: () => [
    {
      platform: 'instagram',
      id: '17841400000000001',
      username: 'sim_insta',
      name: 'Sim Instagram',
      avatarUrl: 'https://scontent.cdninstagram.invalid/sim_insta.jpg',
      email: 'sim_insta@sim.invalid',
      accountType: 'BUSINESS',
      followersCount: 321,
    },
    {
      platform: 'instagram',
      id: '17841400000000002',
      username: 'sim_creator',
      name: 'Sim Creator',
      avatarUrl: 'https://scontent.cdninstagram.invalid/sim_creator.jpg',
      email: 'sim_creator@sim.invalid',
      accountType: 'MEDIA_CREATOR',
      followersCount: 5,
    },
  ],
  unauthorized: (problem) => metaUnauthorized(problem),
  rateLimited: (opts, _now, accountId) =>
    metaRateLimited(opts.code ?? 80002, opts.resetInSec ?? 3600, accountId, 'instagram'),
};
