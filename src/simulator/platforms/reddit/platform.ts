/**
 * Reddit (github.com/reddit-archive/reddit/wiki/OAuth2, reddit.com/dev/api): the
 * authorize page and token endpoint on www.reddit.com, the API on oauth.reddit.com
 * (all under `/reddit` here; their paths do not overlap). Access tokens last an
 * hour; `duration=permanent` adds a refresh token that lasts until revoked and is
 * not rotated. HTTP errors are `{message, error}`; 429 carries the
 * x-ratelimit-* headers (used, remaining, seconds to the window's reset).
 *
 * The seeded user `sim_redditor` may post to r/sandbox (anything), r/sim_links
 * (links and media only), r/sim_selfonly (text only), r/sim_flair (a flair
 * required, titles of 10 to 120 characters, a body required); r/sim_private is
 * private (subreddits.ts).
 */
import { json } from '../../core/http.ts';
import type { PlatformProfile } from '../../core/profile.ts';

export const SIM_REDDITOR_ID = '1simred';

export const redditError = (
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => json(status, { message, error: status, ...extra }, headers);

export const profile: PlatformProfile = {
  name: 'reddit',
  title: 'Reddit',
  hosts: ['https://www.reddit.com (authorize, access_token, revoke_token)', 'https://oauth.reddit.com'],
  tokenPolicy: {
    accessTtlSec: 3600,
    issueRefresh: true,
    refreshTtlSec: null,
    rotateRefresh: false,
    refreshFixedExpiry: false,
    refreshReuseGraceSec: 0,
    codeTtlSec: 600,
    pkce: 'unsupported',
  },
  seedAccounts: () => [
    {
      platform: 'reddit',
      id: SIM_REDDITOR_ID,
      username: 'sim_redditor',
      name: 'Sim Redditor',
      avatarUrl: 'https://styles.redditmedia.invalid/sim_redditor.png',
      email: 'sim_redditor@sim.invalid',
      followersCount: 42,
    },
  ],
  unauthorized: () => redditError(401, 'Unauthorized'),
  rateLimited: (opts) => {
    const reset = opts.resetInSec ?? 60;
    return redditError(
      429,
      'Too Many Requests',
      {},
      {
        'x-ratelimit-used': '100',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(reset),
      },
    );
  },
};
