/**
 * Every platform module's `analytics.postMetrics` against the simulator: the
 * platform's own metrics endpoint, its numbers mapped to ours, batches read in as
 * few calls as the platform allows, posts the platform does not have or can not
 * measure reported per post, and a platform failure thrown as a PlatformError.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { loadConfig } from '../config.ts';
import { type Simulator, startSimulator } from '../simulator/index.ts';
import { postMetrics, type SimMetrics, setPostMetrics } from '../simulator/platforms/_shared/metrics.ts';
import type { PublishedRef } from './analytics-types.ts';
import type { AuthEnv } from './auth-types.ts';
import { PlatformError } from './contract.ts';
import type { AccountEnv } from './module.ts';
import type { Platform } from './names.ts';
import { DEFAULT_REGISTRY } from './registry.ts';

interface Case {
  platform: Platform;
  account: string;
  page?: string;
  scopes?: string[];
  /** A new post's id on the platform. */
  newId: (n: number) => string;
  data?: (sim: Simulator) => Record<string, unknown>;
  expected: (m: SimMetrics) => Record<string, number>;
  /** Calls for `n` posts. */
  calls: (n: number) => number;
  path: RegExp;
}

const CASES: Case[] = [
  {
    platform: 'twitter',
    account: '1500000000000000001',
    newId: (n) => `19000000000000000${String(n).padStart(2, '0')}`,
    expected: (m) => ({
      impressions: m.impressions,
      likes: m.likes,
      comments: m.comments,
      shares: m.shares + m.quotes,
      saves: m.saves,
    }),
    calls: (n) => Math.ceil(n / 100),
    path: /^\/2\/tweets$/,
  },
  {
    platform: 'bluesky',
    account: 'did:plc:simbluesky000000000001',
    newId: (n) => `at://did:plc:simbluesky000000000001/app.bsky.feed.post/3kaaaaaaaa${n}`,
    expected: (m) => ({ likes: m.likes, comments: m.comments, shares: m.shares + m.quotes }),
    calls: (n) => Math.ceil(n / 25),
    path: /app\.bsky\.feed\.getPosts$/,
  },
  {
    platform: 'threads',
    account: '25000000000000001',
    newId: (n) => `1800000000000${n}`,
    expected: (m) => ({
      views: m.views,
      likes: m.likes,
      comments: m.comments,
      shares: m.shares + m.quotes + m.saves,
    }),
    calls: (n) => n,
    path: /\/insights$/,
  },
  {
    platform: 'linkedin',
    account: 'SimMember001',
    newId: (n) => `urn:li:share:700000000000000${n}`,
    expected: (m) => ({ likes: m.likes, comments: m.comments }),
    calls: (n) => n,
    path: /^\/rest\/socialActions\//,
  },
  {
    platform: 'youtube',
    account: '110000000000000000001',
    newId: (n) => `vidSim${String(n).padStart(5, '0')}`,
    data: () => ({
      snippet: { title: 't', description: '' },
      status: { privacyStatus: 'public' },
      channelId: 'UCsim',
      channelTitle: 'Sim',
      fileSize: 1,
      processedAt: 0,
      outcome: 'processed',
    }),
    expected: (m) => ({ views: m.views, likes: m.likes, comments: m.comments }),
    calls: (n) => Math.ceil(n / 50),
    path: /^\/youtube\/v3\/videos$/,
  },
  {
    platform: 'pinterest',
    account: '549755885175',
    newId: (n) => `99000000000000000${n}`,
    expected: (m) => ({
      impressions: m.impressions,
      saves: m.saves,
      clicks: m.clicks + Math.floor(m.clicks / 3),
    }),
    calls: (n) => n,
    path: /^\/v5\/pins\/\d+\/analytics$/,
  },
  {
    platform: 'tiktok',
    account: 'sim-tiktok-open-id-0001',
    scopes: ['video.list'],
    newId: (n) => `74000000000000000${String(n).padStart(2, '0')}`,
    expected: (m) => ({ views: m.views, likes: m.likes, comments: m.comments, shares: m.shares }),
    calls: (n) => Math.ceil(n / 20),
    path: /^\/v2\/video\/query\/?$/,
  },
  {
    platform: 'facebook',
    account: '10000000000000001',
    page: '200000000000001',
    newId: (n) => `200000000000001_5000${n}`,
    expected: (m) => ({
      impressions: m.impressions,
      reach: m.reach,
      clicks: m.clicks,
      likes: m.likes,
      comments: m.comments,
      shares: m.shares,
    }),
    calls: (n) => n,
    path: /\/insights$/,
  },
  {
    platform: 'instagram',
    account: '17841400000000001',
    newId: (n) => `1790000000000${n}`,
    expected: (m) => ({
      reach: m.reach,
      views: m.views,
      likes: m.likes,
      comments: m.comments,
      saves: m.saves,
      shares: m.shares,
    }),
    calls: (n) => n,
    path: /\/insights$/,
  },
  {
    platform: 'reddit',
    account: '1simred',
    newId: (n) => `rdsim${n}`,
    data: () => ({ kind: 'self', subreddit: 'sandbox', title: 't', text: 'x', author: 'sim_redditor' }),
    expected: (m) => ({ likes: m.likes, comments: m.comments }),
    calls: (n) => Math.ceil(n / 100),
    path: /^\/api\/info$/,
  },
];

describe('post metrics of every platform module', () => {
  let sim: Simulator;
  before(async () => {
    // Requests and answers checked against each platform's own API description.
    sim = await startSimulator({ contracts: true });
  });
  after(() => sim.close());
  beforeEach(() => {
    sim.calls.clear();
    sim.faults.clear();
  });

  const accountEnv = (c: Case): AccountEnv => {
    const env: AuthEnv = {
      platform: c.platform,
      client: { clientId: `sim-${c.platform}-client`, clientSecret: `sim-${c.platform}-secret` },
      url: (_host, path) => `${sim.baseUrl(c.platform)}${path}`,
      redirectUri: 'http://127.0.0.1/callback',
      pdsUrl: sim.baseUrl('bluesky'),
      apiVersion: c.platform === 'linkedin' ? loadConfig().LINKEDIN_API_VERSION : undefined,
      timeoutMs: 5000,
      now: () => new Date(sim.clock.now()),
    };
    const token = sim.state.issueToken({
      platform: c.platform,
      kind: c.page ? 'page' : 'access',
      clientId: `sim-${c.platform}-client`,
      accountId: c.account,
      ...(c.page ? { subjectId: c.page } : {}),
      scopes: c.scopes ?? [],
      expiresAt: null,
      grantId: `analytics-${c.platform}`,
    }).value;
    return { env, account: { platformUserId: c.page ?? c.account, accessToken: token, metadata: {} } };
  };

  for (const c of CASES) {
    it(`${c.platform}: reads each post's metrics from its own endpoint`, async () => {
      const read = DEFAULT_REGISTRY[c.platform].analytics?.postMetrics;
      assert.ok(read, `${c.platform} has post metrics`);
      const count = c.platform === 'bluesky' ? 27 : c.platform === 'tiktok' ? 21 : 3;
      const refs: PublishedRef[] = [];
      for (let i = 0; i < count; i++) {
        const id = c.newId(i);
        sim.state.createPost(c.platform, c.page ?? c.account, c.data?.(sim) ?? { text: `post ${i}` }, { id });
        refs.push({ platformPostId: id, publishedAt: new Date(sim.clock.now()).toISOString() });
      }
      const gone = c.newId(count + 50);
      const got = await read(accountEnv(c), [...refs, { platformPostId: gone, publishedAt: null }]);
      for (const r of refs) {
        const post = sim.state.getPost(c.platform, r.platformPostId);
        assert.ok(post);
        assert.deepEqual(got[r.platformPostId], c.expected(postMetrics(sim, post)), r.platformPostId);
      }
      const missing = got[gone];
      assert.ok(
        missing === undefined || 'unavailable' in missing,
        `${c.platform}: an unknown post has no metrics`,
      );
      const calls = sim.calls.list({ platform: c.platform }).filter((x) => c.path.test(x.path)).length;
      assert.equal(calls, c.calls(count + 1), `${c.platform}: calls for ${count + 1} posts`);
      sim.contracts.assertNone(c.platform);
    });

    it(`${c.platform}: a platform failure is a PlatformError`, async () => {
      const read = DEFAULT_REGISTRY[c.platform].analytics?.postMetrics;
      assert.ok(read);
      const id = c.newId(90);
      sim.state.createPost(c.platform, c.page ?? c.account, c.data?.(sim) ?? { text: 'x' }, { id });
      sim.faults.add({
        platform: c.platform,
        path: c.path,
        status: 503,
        body: { message: 'down for maintenance' },
      });
      await assert.rejects(
        read(accountEnv(c), [{ platformPostId: id, publishedAt: null }]),
        (err: unknown) => {
          assert.ok(err instanceof PlatformError, String(err));
          assert.equal(err.errorClass, 'transient');
          return true;
        },
      );
    });
  }

  for (const platform of ['twitter', 'facebook'] as const) {
    it(`${platform}: lists the account's recent posts with described calls only`, async () => {
      const c = CASES.find((x) => x.platform === platform) as Case;
      const list = DEFAULT_REGISTRY[platform].analytics?.recentPosts;
      assert.ok(list, `${platform} lists recent posts`);
      const since = new Date(sim.clock.now() - 3_600_000).toISOString();
      const id = c.newId(60);
      sim.state.createPost(
        platform,
        c.page ?? c.account,
        c.data?.(sim) ?? { text: 'recent', message: 'recent' },
        {
          id,
        },
      );
      const posts = await list(accountEnv(c), { since, limit: 10 });
      assert.ok(
        posts.some((p) => p.platformPostId === id),
        `${platform}: the new post is listed`,
      );
      sim.contracts.assertNone(platform);
    });
  }

  it('twitter: reads reposts under the older metric name (retweet_count) too', async () => {
    const c = CASES.find((x) => x.platform === 'twitter') as Case;
    const read = DEFAULT_REGISTRY.twitter.analytics?.postMetrics;
    assert.ok(read);
    const id = c.newId(70);
    const metrics = { retweet_count: 4, reply_count: 1, like_count: 2, quote_count: 3, bookmark_count: 0 };
    // X's document before version 2.16x named the repost count retweet_count.
    sim.faults.add({
      platform: 'twitter',
      path: c.path,
      times: 1,
      status: 200,
      body: { data: [{ id, text: 'x', public_metrics: { ...metrics, impression_count: 9 } }] },
    });
    const got = await read(accountEnv(c), [{ platformPostId: id, publishedAt: null }]);
    assert.deepEqual(got[id], { impressions: 9, likes: 2, comments: 1, shares: 7, saves: 0 });
    assert.equal(
      sim.calls.last({ platform: 'twitter', path: c.path })?.query['post.fields'],
      'public_metrics',
    );
  });

  it('instagram and facebook: a post with too few viewers lacks metrics on its own', async () => {
    const c = CASES.find((x) => x.platform === 'instagram') as Case;
    const read = DEFAULT_REGISTRY.instagram.analytics?.postMetrics;
    assert.ok(read);
    const quiet = c.newId(77);
    const busy = c.newId(78);
    for (const id of [quiet, busy]) sim.state.createPost('instagram', c.account, {}, { id });
    setPostMetrics(sim, 'instagram', quiet, { views: 3 });
    const got = await read(accountEnv(c), [
      { platformPostId: quiet, publishedAt: null },
      { platformPostId: busy, publishedAt: null },
    ]);
    assert.match(String((got[quiet] as { unavailable: string }).unavailable), /Not enough viewers/);
    assert.equal(
      (got[busy] as { views: number }).views,
      postMetrics(sim, sim.state.getPost('instagram', busy)!).views,
    );
  });

  it('tiktok: a post known only by its publish id lacks metrics, without a call', async () => {
    const c = CASES.find((x) => x.platform === 'tiktok') as Case;
    const read = DEFAULT_REGISTRY.tiktok.analytics?.postMetrics;
    assert.ok(read);
    const got = await read(accountEnv(c), [{ platformPostId: 'v_pub_url~v2.123', publishedAt: null }]);
    assert.match(String((got['v_pub_url~v2.123'] as { unavailable: string }).unavailable), /publish id/);
    assert.equal(sim.calls.list({ platform: 'tiktok' }).length, 0);
  });

  it('googlebusiness: no post metrics, and says why', () => {
    const a = DEFAULT_REGISTRY.googlebusiness.analytics;
    assert.equal(a?.postMetrics, undefined);
    assert.match(a?.unsupported ?? '', /Google Business Profile has no metrics/);
  });
});
