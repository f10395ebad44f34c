/**
 * Connecting an account, checked against the platforms' own API descriptions where
 * the contract describes the calls: the account listing each module makes after the
 * code exchange (X's users/me, Pinterest's user_account, LinkedIn's userinfo and the
 * organizations the member administers, Google Business Profile's accounts and their
 * locations, Facebook's Pages of the user, Instagram's and Threads' own account,
 * TikTok's user info, YouTube's channels) sends only described parameters and headers
 * and reads described answers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../config.ts';
import { type Simulator, startSimulator } from '../simulator/index.ts';
import type { AuthEnv, OAuthPlatformAuth } from './auth-types.ts';
import type { Platform } from './names.ts';
import { DEFAULT_REGISTRY } from './registry.ts';

describe('account listing against the platform API descriptions', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ contracts: true });
  });
  after(() => sim.close());

  const env = (platform: Platform): AuthEnv => ({
    platform,
    client: { clientId: `sim-${platform}-client`, clientSecret: `sim-${platform}-secret` },
    url: (_host, path) => `${sim.baseUrl(platform)}${path}`,
    redirectUri: 'http://127.0.0.1/callback',
    pdsUrl: '',
    apiVersion: platform === 'linkedin' ? loadConfig().LINKEDIN_API_VERSION : undefined,
    timeoutMs: 5000,
    now: () => new Date(sim.clock.now()),
  });

  const scopes = {
    twitter: ['users.read', 'tweet.read'],
    pinterest: ['user_accounts:read', 'boards:read'],
    linkedin: ['openid', 'profile', 'rw_organization_admin'],
    googlebusiness: ['https://www.googleapis.com/auth/business.manage'],
    facebook: ['pages_show_list', 'pages_manage_posts'],
    instagram: ['instagram_business_basic'],
    threads: ['threads_basic'],
    tiktok: ['user.info.basic'],
    youtube: ['https://www.googleapis.com/auth/youtube.readonly'],
    reddit: ['identity'],
  };
  // The seeded LinkedIn member administers two organizations: three accounts to choose from;
  // the seeded Google Business owner has three locations in two accounts.
  const expected = {
    twitter: 1,
    pinterest: 1,
    linkedin: 3,
    googlebusiness: 3,
    facebook: 1,
    instagram: 1,
    threads: 1,
    tiktok: 1,
    youtube: 1,
    reddit: 1,
  };
  for (const platform of Object.keys(expected) as (keyof typeof expected)[]) {
    it(`${platform}: lists the connected account with described calls only`, async () => {
      const { accessToken } = sim.issueTokens(platform, { scopes: scopes[platform] });
      const accounts = await (DEFAULT_REGISTRY[platform].auth as OAuthPlatformAuth).listAccounts(
        env(platform),
        {
          accessToken,
          refreshToken: null,
          accessTokenExpiresAt: null,
          refreshTokenExpiresAt: null,
          scopes: [],
        },
      );
      assert.equal(accounts.length, expected[platform]);
      assert.ok(sim.calls.count({ platform }) > 0, 'the module called the platform');
      sim.contracts.assertNone(platform);
    });
  }
});
