/**
 * Threads API (graph.threads.net): short-lived token 1 h, long-lived 60 days via
 * `th_exchange_token`, refreshed with `th_refresh_token`; OAuth endpoints unversioned.
 */
import type { PlatformProfile } from '../../core/profile.ts';
import { metaRateLimited, metaUnauthorized } from '../_shared/meta.ts';

export const profile: PlatformProfile = {
  name: 'threads',
  title: 'Threads',
  hosts: ['https://threads.net (authorize: /oauth/authorize)', 'https://graph.threads.net'],
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
      platform: 'threads',
      id: '25000000000000001',
      username: 'sim_threads',
      name: 'Sim Threads',
      avatarUrl: 'https://scontent.cdninstagram.invalid/sim_threads.jpg',
      email: 'sim_threads@sim.invalid',
      followersCount: 12,
    },
  ],
  unauthorized: (problem) => metaUnauthorized(problem),
  rateLimited: (opts, _now, accountId) =>
    metaRateLimited(opts.code ?? 4, opts.resetInSec ?? 3600, accountId, 'pages'),
};
