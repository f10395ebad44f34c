/**
 * The scopes connecting asks for, against every capability every module offers,
 * in one place: each capability names the scopes it needs (auth
 * `scopesByCapability`), the authorization URL asks for exactly their union, and
 * the simulator, which refuses a call whose scope the token was not granted,
 * serves each capability's calls to a token granted just that (and refuses them
 * to a token without the capability's scopes, where it checks them). A module
 * that gains a capability without its scopes fails here.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../config.ts';
import { type Simulator, startSimulator } from '../simulator/index.ts';
import type { AuthEnv, CapabilityScopes } from './auth-types.ts';
import { scopesOf } from './auth-types.ts';
import { PlatformError } from './contract.ts';
import { EngagementRefusal } from './engagement.ts';
import type { AccountEnv, PlatformModule } from './module.ts';
import type { Platform } from './names.ts';
import { DEFAULT_REGISTRY } from './registry.ts';

type Capability = Exclude<keyof CapabilityScopes, 'connect'>;

/** The capabilities a module offers, named as CapabilityScopes names them. */
function offered(module: PlatformModule): Capability[] {
  const out: Capability[] = [];
  if (module.publisher) out.push('publish');
  if (module.comments) out.push('comments');
  if (module.messages) out.push('messages');
  const a = module.analytics;
  if (a?.postMetrics || a?.demographics || a?.accountInsights) out.push('analytics');
  if (module.lookups && Object.keys(module.lookups).length > 0) out.push('lookups');
  return out;
}

const envFor = (platform: Platform, base: (p: Platform) => string): AuthEnv => ({
  platform,
  client: { clientId: `sim-${platform}-client`, clientSecret: `sim-${platform}-secret` },
  url: (_host, path) => `${base(platform)}${path}`,
  redirectUri: 'http://127.0.0.1/callback',
  pdsUrl: base('bluesky'),
  apiVersion: platform === 'linkedin' ? loadConfig().LINKEDIN_API_VERSION : undefined,
  timeoutMs: 5000,
  now: () => new Date(),
});

/** The scopes the authorization URL asks for (what the user grants when connecting). */
function askedScopes(platform: Platform): string[] {
  const auth = DEFAULT_REGISTRY[platform].auth;
  if (auth.method !== 'oauth2') return [];
  const url = new URL(
    auth.authorizationUrl(
      envFor(platform, () => 'https://sim.invalid'),
      { state: 's', codeChallenge: null },
    ),
  );
  return (url.searchParams.get('scope') ?? '').split(/[ ,]/).filter(Boolean);
}

const OAUTH_PLATFORMS = (Object.keys(DEFAULT_REGISTRY) as Platform[]).filter(
  (p) => DEFAULT_REGISTRY[p].auth.method === 'oauth2',
);

describe('every capability of every module has its scopes asked for when connecting', () => {
  it('only Bluesky (an app password) and Telegram (a bot token) connect without OAuth scopes', () => {
    const others = (Object.keys(DEFAULT_REGISTRY) as Platform[]).filter((p) => !OAUTH_PLATFORMS.includes(p));
    assert.deepEqual(others, ['bluesky', 'telegram']);
  });

  for (const platform of OAUTH_PLATFORMS) {
    it(`${platform}: each offered capability names its scopes, and the authorization URL asks for exactly their union`, () => {
      const module = DEFAULT_REGISTRY[platform];
      const auth = module.auth;
      assert.equal(auth.method, 'oauth2');
      if (auth.method !== 'oauth2') return;
      const needs = auth.scopesByCapability;
      assert.ok(needs.connect.length > 0, `${platform}: connecting reads the account`);
      const capabilities = offered(module);
      for (const cap of capabilities)
        assert.ok((needs[cap]?.length ?? 0) > 0, `${platform}: ${cap} names the scopes it needs`);
      for (const cap of Object.keys(needs).filter((c) => c !== 'connect'))
        assert.ok(
          capabilities.includes(cap as Capability),
          `${platform}: scopes for ${cap}, which it does not offer`,
        );
      assert.deepEqual([...askedScopes(platform)].sort(), [...scopesOf(needs)].sort());
      assert.deepEqual([...auth.scopes].sort(), [...scopesOf(needs)].sort());
      // The engagement capabilities name the permission they check before calling.
      if (module.comments) {
        const { read, write } = module.comments.permissions;
        assert.ok(
          read.some((p) => needs.comments?.includes(p)),
          `${platform}: reading comments`,
        );
        assert.ok(needs.comments?.includes(write), `${platform}: writing comments`);
      }
      if (module.messages) assert.ok(needs.messages?.includes(module.messages.permission));
    });
  }
});

/** One call of a capability, for an account of the simulator. */
interface Probe {
  platform: Platform;
  capability: Capability;
  account: string;
  page?: string;
  call: (a: AccountEnv) => Promise<unknown>;
  /** The simulator checks this call's scope, so a token without the capability's scopes is refused. */
  enforced: boolean;
}

const metrics = (platform: Platform, id: string) => (a: AccountEnv) =>
  (
    DEFAULT_REGISTRY[platform].analytics?.postMetrics as NonNullable<
      PlatformModule['analytics']
    >['postMetrics']
  )?.(a, [{ platformPostId: id, publishedAt: null }]) ?? Promise.resolve();

const PROBES: Probe[] = [
  {
    platform: 'twitter',
    capability: 'analytics',
    account: '1500000000000000001',
    call: metrics('twitter', '1900000000000000001'),
    enforced: false,
  },
  {
    platform: 'youtube',
    capability: 'analytics',
    account: '110000000000000000001',
    call: metrics('youtube', 'vidSim00001'),
    enforced: false,
  },
  {
    platform: 'pinterest',
    capability: 'analytics',
    account: '549755885175',
    call: metrics('pinterest', '990000000000000001'),
    enforced: false,
  },
  {
    platform: 'pinterest',
    capability: 'lookups',
    account: '549755885175',
    call: (a) => DEFAULT_REGISTRY.pinterest.lookups?.boards?.(a) ?? Promise.resolve(),
    enforced: false,
  },
  {
    platform: 'tiktok',
    capability: 'analytics',
    account: 'sim-tiktok-open-id-0001',
    call: metrics('tiktok', '7400000000000000001'),
    enforced: true,
  },
  {
    platform: 'tiktok',
    capability: 'lookups',
    account: 'sim-tiktok-open-id-0001',
    call: (a) => DEFAULT_REGISTRY.tiktok.lookups?.creatorInfo?.(a) ?? Promise.resolve(),
    enforced: true,
  },
  {
    platform: 'facebook',
    capability: 'comments',
    account: '10000000000000001',
    page: '200000000000001',
    // Reading also works with pages_read_engagement (asked for publishing): writing is what needs
    // the comments' own permission.
    call: (a) =>
      DEFAULT_REGISTRY.facebook.comments?.create(a, { postId: '200000000000001_1', text: 'hi' }) ??
      Promise.resolve(),
    enforced: true,
  },
  {
    platform: 'instagram',
    capability: 'comments',
    account: '17841400000000001',
    call: (a) =>
      DEFAULT_REGISTRY.instagram.comments?.list(a, { postId: '17900000000001', limit: 5 }) ??
      Promise.resolve(),
    enforced: true,
  },
  {
    platform: 'instagram',
    capability: 'messages',
    account: '17841400000000001',
    call: (a) => DEFAULT_REGISTRY.instagram.messages?.conversations(a, { limit: 5 }) ?? Promise.resolve(),
    enforced: true,
  },
  {
    platform: 'threads',
    capability: 'comments',
    account: '25000000000000001',
    call: (a) =>
      DEFAULT_REGISTRY.threads.comments?.list(a, { postId: '18000000000001', limit: 5 }) ?? Promise.resolve(),
    enforced: true,
  },
];

/** A refusal because the token lacks a scope (not a post that does not exist, which is fine here). */
const refusedForScope = (err: unknown): boolean =>
  (err instanceof PlatformError && (err.reason === 'missing_scopes' || err.errorClass === 'auth')) ||
  (err instanceof EngagementRefusal && err.kind === 'missing_permission');

describe('the simulator serves each capability to what connecting grants, and refuses it without its scopes', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());

  const accountEnv = (p: Probe, scopes: readonly string[]): AccountEnv => {
    const token = sim.state.issueToken({
      platform: p.platform,
      kind: p.page ? 'page' : 'access',
      clientId: `sim-${p.platform}-client`,
      accountId: p.account,
      ...(p.page ? { subjectId: p.page } : {}),
      scopes: [...scopes],
      expiresAt: null,
      grantId: `scopes-${p.platform}`,
    }).value;
    return {
      env: envFor(p.platform, (x) => sim.baseUrl(x)),
      account: { platformUserId: p.page ?? p.account, accessToken: token, metadata: {} },
    };
  };
  const outcome = async (p: Probe, scopes: readonly string[]) => {
    try {
      await p.call(accountEnv(p, scopes));
      return null;
    } catch (err) {
      return err;
    }
  };

  it('probes every capability a simulated platform checks scopes for', () => {
    for (const platform of OAUTH_PLATFORMS)
      for (const cap of offered(DEFAULT_REGISTRY[platform]).filter((c) => c !== 'publish'))
        if (['tiktok', 'facebook', 'instagram', 'threads'].includes(platform) && cap !== 'analytics')
          assert.ok(
            PROBES.some((p) => p.platform === platform && p.capability === cap),
            `${platform} ${cap} is probed`,
          );
  });

  for (const p of PROBES) {
    it(`${p.platform} ${p.capability}: served with the scopes connecting asks for${p.enforced ? ', refused without its own' : ''}`, async () => {
      const granted = askedScopes(p.platform);
      const err = await outcome(p, granted);
      assert.ok(!refusedForScope(err), `${p.platform} ${p.capability} refused for a scope: ${String(err)}`);
      if (!p.enforced) return;
      const auth = DEFAULT_REGISTRY[p.platform].auth;
      const own = auth.method === 'oauth2' ? (auth.scopesByCapability[p.capability] ?? []) : [];
      const without = granted.filter((s) => !own.includes(s));
      const refused = await outcome(p, without);
      assert.ok(
        refusedForScope(refused),
        `${p.platform} ${p.capability} without ${own.join(', ')}: ${String(refused)}`,
      );
    });
  }
});
