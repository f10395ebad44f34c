/**
 * GET /v1/analytics/ end to end on SQLite and PostgreSQL: posts published through
 * the API to X, Bluesky, a Facebook Page and Instagram by the real adapters
 * against the simulator, their metrics read from each platform's own endpoint by
 * the refresh job, cached (a second read asks no platform), refreshed once old,
 * served stale with the reason during an outage; the page of posts sorted and
 * paged; every documented error; 1 credit per call.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { insertIntegration } from '../../../test/fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { METRIC_KEYS, metricValues } from '../../domain/analytics/metric-values.ts';
import { type FixtureServer, startFixtureServer } from '../../media/testing.ts';
import type { Platform } from '../../platforms/names.ts';
import { jpeg } from '../../platforms/shared/meta-testing.ts';
import { type Simulator, startSimulator } from '../../simulator/index.ts';
import { bumpPostMetrics, postMetrics, setPostMetrics } from '../../simulator/platforms/_shared/metrics.ts';

const ACCOUNTS: Partial<Record<Platform, { user: string; page?: string }>> = {
  twitter: { user: '1500000000000000001' },
  bluesky: { user: 'did:plc:simbluesky000000000001' },
  facebook: { user: '10000000000000001', page: '200000000000001' },
  instagram: { user: '17841400000000001' },
};
/** One target's analytics as the API answers it. */
interface TargetJson {
  platform: string;
  platformPostId: string;
  metrics: Record<string, number | null>;
  fetchedAt: string | null;
  stale: boolean;
  message: string | null;
}
/** Targets by platform, metrics read as present (tests assert null where they are not). */
type ByPlatform = Record<
  'twitter' | 'bluesky' | 'facebook' | 'instagram' | 'googlebusiness',
  Omit<TargetJson, 'metrics' | 'message' | 'fetchedAt'> & {
    metrics: Record<'likes' | 'impressions', number>;
    message: string;
    fetchedAt: string;
  }
>;
interface PostJson {
  postId: string;
  platforms: TargetJson[];
}

const METRIC_PATHS = /\/2\/tweets$|app\.bsky\.feed\.getPosts|\/insights$/;

/** The metrics each platform's answer should have given for its simulator post: the nine keys, null where not counted. */
function expected(sim: Simulator, platform: string, id: string): Record<string, number | null> {
  return metricValues(counted(sim, platform, id));
}

/** The counts each platform's API gives for its simulator post. */
function counted(sim: Simulator, platform: string, id: string): Record<string, number> {
  const post = sim.state.getPost(platform as Platform, id);
  assert.ok(post, `${platform} post ${id} on the simulator`);
  const m = postMetrics(sim, post);
  switch (platform) {
    case 'twitter':
      return {
        impressions: m.impressions,
        likes: m.likes,
        comments: m.comments,
        shares: m.shares + m.quotes,
        saves: m.saves,
      };
    case 'bluesky':
      return { likes: m.likes, comments: m.comments, shares: m.shares + m.quotes };
    case 'facebook':
      return {
        impressions: m.impressions,
        reach: m.reach,
        clicks: m.clicks,
        likes: m.likes,
        comments: m.comments,
        shares: m.shares,
      };
    default:
      return {
        reach: m.reach,
        views: m.views,
        likes: m.likes,
        comments: m.comments,
        saves: m.saves,
        shares: m.shares,
      };
  }
}

forEachDatabase('post analytics across platforms', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let offsetMs = 0;
  let postA: string;
  let postB: string;
  const integrations: { platform: Platform; accountId: string }[] = [];
  const accountOf = (p: Platform) => integrations.find((i) => i.platform === p)?.accountId as string;

  before(async () => {
    sim = await startSimulator();
    fixtures = await startFixtureServer();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '15000',
        ANALYTICS_WAIT_MS: '10000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
      },
    });
    // The service's clock, moved forward by tests to age the cache.
    t.ctx.now = () => new Date(Date.now() + offsetMs);
    for (const [platform, who] of Object.entries(ACCOUNTS) as [Platform, { user: string; page?: string }][]) {
      const token = sim.state.issueToken({
        platform,
        kind: who.page ? 'page' : 'access',
        clientId: `sim-${platform}-client`,
        accountId: who.user,
        ...(who.page ? { subjectId: who.page } : {}),
        scopes: [],
        expiresAt: null,
        grantId: `analytics-${platform}`,
      }).value;
      integrations.push({
        platform,
        accountId: await insertIntegration(t.ctx, t.projectId, platform, {
          token,
          platformUserId: who.page ?? who.user,
        }),
      });
    }
    // A JPEG every platform takes as it is: Instagram takes JPEG only, so a PNG would be
    // converted for it and the post end `partial` with that warning (media-fit-publish.test.ts).
    const image = fixtures.set('/analytics/photo.jpg', jpeg(640, 480), 'image/jpeg');
    const a = await t.request('POST', '/v1/posts', {
      content: `Metrics everywhere ${dialect}`,
      mediaItems: [{ type: 'image', url: image }],
      platforms: integrations,
      publishNow: true,
    });
    assert.equal(a.body.status, 'published', a.text);
    postA = a.body.postId;
    const b = await t.request('POST', '/v1/posts', {
      content: `Only on X ${dialect}`,
      platforms: [{ platform: 'twitter', accountId: accountOf('twitter') }],
      publishNow: true,
    });
    assert.equal(b.body.status, 'published', b.text);
    postB = b.body.postId;
  });
  after(async () => {
    await t.close();
    await fixtures.close();
    await sim.close();
  });
  beforeEach(() => {
    sim.faults.clear();
    sim.calls.clear();
  });

  const spent = async () => (await t.request('GET', '/v1/usage')).body.totalUsage as number;
  const metricCalls = () => sim.calls.list().filter((c) => METRIC_PATHS.test(c.path));
  const byPlatform = (post: { platforms: { platform: string }[] }) =>
    Object.fromEntries(post.platforms.map((p) => [p.platform, p])) as unknown as ByPlatform;
  /** Ages the cache past ANALYTICS_MAX_AGE_SECONDS (900 s by default). */
  const age = () => {
    offsetMs += 901_000;
  };

  it("reads one post's metrics from each platform's API, for 1 credit", async () => {
    const before = await spent();
    const res = await t.request('GET', `/v1/analytics/?postId=${postA}`);
    assert.equal(res.status, 200, res.text);
    const post = res.body.post;
    assert.equal(post.postId, postA);
    assert.equal(post.platforms.length, 4);
    for (const p of post.platforms) {
      assert.deepEqual(p.metrics, expected(sim, p.platform, p.platformPostId), p.platform);
      assert.equal(p.stale, false);
      assert.equal(p.message, null);
      assert.ok(p.fetchedAt);
    }
    const likes = post.platforms.reduce((n: number, p: TargetJson) => n + (p.metrics.likes ?? 0), 0);
    assert.equal(post.aggregated.likes, likes);
    assert.equal(post.source, 'postpeer');
    assert.deepEqual(Object.keys(post.aggregated).sort(), [...METRIC_KEYS].sort());
    // One call each: X and Bluesky would read 100 and 25 posts in that one call.
    assert.equal(metricCalls().length, 4);
    assert.equal((await spent()) - before, 1);
  });

  it('answers from the cache while it is fresh, and refreshes once it is old', async () => {
    const first = byPlatform((await t.request('GET', `/v1/analytics?postId=${postA}`)).body.post);
    const tweetId = first.twitter.platformPostId;
    bumpPostMetrics(sim, 'twitter', tweetId, { likes: 1000 });
    const cached = await t.request('GET', `/v1/analytics?postId=${postA}`);
    assert.equal(byPlatform(cached.body.post).twitter.metrics.likes, first.twitter.metrics.likes);
    assert.equal(metricCalls().length, 0, 'no platform asked while the cache is fresh');
    age();
    const fresh = byPlatform((await t.request('GET', `/v1/analytics?postId=${postA}`)).body.post);
    assert.equal(fresh.twitter.metrics.likes, expected(sim, 'twitter', tweetId).likes);
    assert.ok(fresh.twitter.metrics.likes >= first.twitter.metrics.likes + 1000);
    assert.ok(fresh.twitter.fetchedAt > first.twitter.fetchedAt);
    assert.equal(metricCalls().length, 4);
  });

  it('serves the last values marked stale while a platform is down', async () => {
    const last = byPlatform((await t.request('GET', `/v1/analytics?postId=${postA}`)).body.post);
    age();
    sim.faults.add({
      platform: 'twitter',
      path: '/2/tweets',
      method: 'GET',
      status: 503,
      body: { title: 'Service Unavailable', detail: 'Service Unavailable', type: 'about:blank', status: 503 },
    });
    const before = await spent();
    const res = await t.request('GET', `/v1/analytics?postId=${postA}`);
    assert.equal(res.status, 200, res.text);
    const now = byPlatform(res.body.post);
    assert.equal(now.twitter.stale, true);
    assert.match(now.twitter.message, /unavailable|Service/i);
    assert.deepEqual(now.twitter.metrics, last.twitter.metrics);
    assert.equal(now.twitter.fetchedAt, last.twitter.fetchedAt);
    assert.equal(now.bluesky.stale, false);
    assert.equal((await spent()) - before, 1);
    sim.faults.clear();
    const healed = byPlatform((await t.request('GET', `/v1/analytics?postId=${postA}`)).body.post);
    assert.equal(healed.twitter.stale, false, 'the next read asks again at once');
    assert.equal(healed.twitter.message, null);
  });

  it("finds a post by the platform's id with platform and accountId", async () => {
    const all = byPlatform((await t.request('GET', `/v1/analytics?postId=${postA}`)).body.post);
    const uri = all.bluesky.platformPostId;
    const res = await t.request(
      'GET',
      `/v1/analytics?postId=${encodeURIComponent(uri)}&platform=bluesky&accountId=${accountOf('bluesky')}`,
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.post.postId, postA);
    assert.deepEqual(
      res.body.post.platforms.map((p: TargetJson) => p.platform),
      ['bluesky'],
    );
  });

  it('says per post when the platform has no post metrics or the post has none', async () => {
    const gb = await insertIntegration(t.ctx, t.projectId, 'googlebusiness', { token: 'unused' });
    const at = new Date().toISOString();
    await t.ctx.store.db
      .insertInto('post_targets')
      .values({
        id: `tgt_gb_${dialect}`,
        project_id: t.projectId,
        post_id: postA,
        position: 9,
        platform: 'googlebusiness',
        integration_id: gb,
        content: null,
        platform_specific_data: '{}',
        status: 'published',
        platform_post_id: 'accounts/1/locations/2/localPosts/3',
        platform_post_url: null,
        published_at: at,
        error_message: null,
        warning_message: null,
        attempt: 1,
        checkpoint: null,
        ledger: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const first = byPlatform((await t.request('GET', `/v1/analytics?postId=${postA}`)).body.post);
    setPostMetrics(sim, 'instagram', first.instagram.platformPostId, { views: 2 });
    age();
    const res = await t.request('GET', `/v1/analytics?postId=${postA}`);
    const now = byPlatform(res.body.post);
    assert.deepEqual(now.googlebusiness.metrics, metricValues(null), 'all nine keys, each null');
    assert.equal(now.googlebusiness.stale, false);
    assert.match(now.googlebusiness.message, /Google Business Profile has no metrics/);
    assert.match(now.instagram.message, /Not enough viewers/);
    assert.equal(metricCalls().filter((c) => c.platform === 'googlebusiness').length, 0);
    await t.ctx.store.db.deleteFrom('post_targets').where('id', '=', `tgt_gb_${dialect}`).execute();
  });

  it('lists published posts newest first, sorted by a metric, paged', async () => {
    age();
    const list = await t.request('GET', '/v1/analytics/');
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.total, 2);
    assert.deepEqual(
      list.body.posts.map((p: PostJson) => p.postId),
      [postB, postA],
    );
    assert.equal(list.body.sortBy, 'date');
    assert.equal(list.body.limit, 50);
    assert.equal(list.body.dateRange.toDate, t.ctx.now().toISOString().slice(0, 10));
    const tweetB = list.body.posts[0].platforms[0].platformPostId;
    setPostMetrics(sim, 'twitter', tweetB, { impressions: 10_000_000 });
    age();
    const byImpressions = await t.request('GET', '/v1/analytics?sortBy=impressions&order=desc');
    assert.deepEqual(
      byImpressions.body.posts.map((p: PostJson) => p.postId),
      [postB, postA],
    );
    assert.equal(byImpressions.body.posts[0].aggregated.impressions, 10_000_000);
    const asc = await t.request('GET', '/v1/analytics?sortBy=impressions&order=asc&limit=1&page=2');
    assert.equal(asc.status, 200, asc.text);
    assert.deepEqual(
      asc.body.posts.map((p: PostJson) => p.postId),
      [postB],
    );
    assert.equal(asc.body.total, 2);
    const old = await t.request('GET', '/v1/analytics?fromDate=2025-01-01&toDate=2025-12-31');
    assert.equal(old.status, 200);
    assert.equal(old.body.total, 0);
  });

  it('refuses bad parameters with 400 and unknown posts with 404, free of charge', async () => {
    const before = await spent();
    for (const q of [
      'fromDate=2026-11-10&toDate=2026-11-01',
      'fromDate=2024-01-01&toDate=2025-12-31',
      'fromDate=2026-02-30',
      'toDate=yesterday',
      'sortBy=colour',
      'order=up',
      'limit=0',
      'limit=101',
      'page=0',
      `postId=${postA}&platform=twitter`,
      `postId=x&platform=myspace&accountId=${accountOf('twitter')}`,
      'postId=',
      'extra=1',
    ]) {
      const res = await t.request('GET', `/v1/analytics?${q}`);
      assert.equal(res.status, 400, `${q}: ${res.text}`);
      assert.equal(res.body.success, false);
    }
    for (const q of ['postId=post_nope', `postId=123&platform=twitter&accountId=${accountOf('twitter')}`]) {
      const res = await t.request('GET', `/v1/analytics?${q}`);
      assert.equal(res.status, 404, `${q}: ${res.text}`);
      assert.equal(res.body.success, false);
    }
    assert.equal(await spent(), before);
  });

  it('answers 402 with the balance when credits are short, and asks no platform', async () => {
    age();
    await t.ctx.store.db
      .updateTable('credit_balances')
      .set({ monthly_used: t.ctx.config.MONTHLY_CREDITS })
      .where('project_id', '=', t.projectId)
      .execute();
    const res = await t.request('GET', `/v1/analytics?postId=${postA}`);
    assert.equal(res.status, 402, res.text);
    assert.match(res.body.message, /needs 1 and 0 remain/);
    assert.equal(metricCalls().length, 0);
  });
});
