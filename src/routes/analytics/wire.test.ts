/**
 * GET /v1/analytics/ as the contract's clients read it, on SQLite and PostgreSQL:
 * `{success, post}` and `{success, posts, ...paging}`, each post with source,
 * postId, content, publishedAt, `aggregated` and `platforms[].metrics` of exactly
 * nine keys (numbers or null, never absent), engagementRate as documented; sortBy
 * date (default), a metric or engagement, limit 50 by default; the platform's post
 * id resolved with accountId alone; and source=platform: an account's posts read
 * from X and a Facebook Page through their modules, also those not published
 * through the service (postId null), a clear 400 for platforms that can not be
 * read, the platform's rate limit as 429 with its wait, 1 credit per read.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { insertIntegration } from '../../../test/fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { engagementRateOf, METRIC_KEYS, metricValues } from '../../domain/analytics/metric-values.ts';
import type { Platform } from '../../platforms/names.ts';
import { numericId } from '../../simulator/core/ids.ts';
import { type Simulator, startSimulator } from '../../simulator/index.ts';
import { postMetrics, setPostMetrics } from '../../simulator/platforms/_shared/metrics.ts';

const X_USER = '1500000000000000001';
const FB_USER = '10000000000000001';
const FB_PAGE = '200000000000001';
const BSKY_USER = 'did:plc:simbluesky000000000001';

interface TargetJson {
  platform: string;
  platformPostId: string;
  platformPostUrl: string | null;
  metrics: Record<string, number | null>;
}
interface PostJson {
  source: string;
  postId: string | null;
  content: string;
  publishedAt: string | null;
  aggregated: Record<string, number | null>;
  platforms: TargetJson[];
}

/** X's counts of a simulator tweet, as the X module reads them. */
function xCounts(sim: Simulator, id: string) {
  const post = sim.state.getPost('twitter', id);
  assert.ok(post, `tweet ${id} on the simulator`);
  const m = postMetrics(sim, post);
  return {
    impressions: m.impressions,
    likes: m.likes,
    comments: m.comments,
    shares: m.shares + m.quotes,
    saves: m.saves,
  };
}

/** The keys every post of the contract has, and those of each platform entry. */
function assertContractShape(post: PostJson, source: 'postpeer' | 'platform') {
  for (const k of ['source', 'postId', 'content', 'publishedAt', 'aggregated', 'platforms'])
    assert.ok(k in post, `post has ${k}`);
  assert.equal(post.source, source);
  assert.deepEqual(Object.keys(post.aggregated).sort(), [...METRIC_KEYS].sort());
  for (const v of Object.values(post.aggregated)) assert.ok(v === null || typeof v === 'number');
  for (const p of post.platforms) {
    for (const k of ['platform', 'platformPostId', 'platformPostUrl', 'metrics']) assert.ok(k in p, k);
    assert.equal(typeof p.metrics, 'object');
    assert.notEqual(p.metrics, null);
    assert.deepEqual(Object.keys(p.metrics).sort(), [...METRIC_KEYS].sort());
    const rate = p.metrics.engagementRate;
    assert.ok(rate === null || (typeof rate === 'number' && rate >= 0 && rate <= 1));
  }
}

forEachDatabase('post analytics as the contract has them', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let x: string;
  let fb: string;
  let bsky: string;
  let viaService: string;
  let otherPost: string;

  before(async () => {
    sim = await startSimulator();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '15000',
        ANALYTICS_WAIT_MS: '10000',
        SIMULATOR_URL: sim.url,
      },
    });
    const token = (platform: Platform, user: string, page?: string) =>
      sim.state.issueToken({
        platform,
        kind: page ? 'page' : 'access',
        clientId: `sim-${platform}-client`,
        accountId: user,
        ...(page ? { subjectId: page } : {}),
        scopes: [],
        expiresAt: null,
        grantId: `wire-${platform}`,
      }).value;
    x = await insertIntegration(t.ctx, t.projectId, 'twitter', {
      token: token('twitter', X_USER),
      platformUserId: X_USER,
    });
    fb = await insertIntegration(t.ctx, t.projectId, 'facebook', {
      token: token('facebook', FB_USER, FB_PAGE),
      platformUserId: FB_PAGE,
    });
    bsky = await insertIntegration(t.ctx, t.projectId, 'bluesky', {
      token: token('bluesky', BSKY_USER),
      platformUserId: BSKY_USER,
    });
    const a = await t.request('POST', '/v1/posts', {
      content: `Through the service ${dialect}`,
      platforms: [
        { platform: 'twitter', accountId: x },
        { platform: 'facebook', accountId: fb },
      ],
      publishNow: true,
    });
    assert.equal(a.body.status, 'published', a.text);
    viaService = a.body.postId;
    const b = await t.request('POST', '/v1/posts', {
      content: `Only on X ${dialect}`,
      platforms: [{ platform: 'twitter', accountId: x }],
      publishNow: true,
    });
    assert.equal(b.body.status, 'published', b.text);
    otherPost = b.body.postId;
  });
  after(async () => {
    await t.close();
    await sim.close();
  });
  beforeEach(() => sim.faults.clear());

  const spent = async () => (await t.request('GET', '/v1/usage')).body.totalUsage as number;

  it('answers one post with aggregated and per-platform metrics of nine keys, engagementRate as documented', async () => {
    const res = await t.request('GET', `/v1/analytics/?postId=${viaService}`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ['post', 'success']);
    const post: PostJson = res.body.post;
    assertContractShape(post, 'postpeer');
    assert.equal(post.postId, viaService);
    const tw = post.platforms.find((p) => p.platform === 'twitter') as TargetJson;
    const counts = xCounts(sim, tw.platformPostId);
    assert.deepEqual(tw.metrics, metricValues(counts));
    // X counts impressions, not reach: the rate is over impressions.
    const interactions = counts.likes + counts.comments + counts.shares + counts.saves;
    assert.equal(tw.metrics.reach, null);
    assert.equal(
      tw.metrics.engagementRate,
      Math.round((interactions / counts.impressions) * 10_000) / 10_000,
    );
    // Facebook counts reach: the rate is over reach, saves are not counted.
    const page = post.platforms.find((p) => p.platform === 'facebook') as TargetJson;
    assert.equal(page.metrics.saves, null);
    assert.equal(page.metrics.engagementRate, engagementRateOf(page.metrics));
    const pageEngagement =
      (page.metrics.likes ?? 0) + (page.metrics.comments ?? 0) + (page.metrics.shares ?? 0);
    assert.equal(
      post.aggregated.engagementRate,
      Math.min(
        1,
        Math.round(
          ((interactions + pageEngagement) / (counts.impressions + (page.metrics.reach ?? 0))) * 10_000,
        ) / 10_000,
      ),
    );
    assert.equal(post.aggregated.likes, (tw.metrics.likes ?? 0) + (page.metrics.likes ?? 0));
    assert.equal(post.aggregated.saves, tw.metrics.saves, 'only X counts saves');
    assert.equal(post.aggregated.views, null, 'no platform of the post counts views');
  });

  it("finds a post by the platform's id with accountId alone", async () => {
    const read = (await t.request('GET', `/v1/analytics?postId=${viaService}`)).body.post as PostJson;
    const tweet = read.platforms.find((p) => p.platform === 'twitter')?.platformPostId as string;
    const res = await t.request('GET', `/v1/analytics?postId=${tweet}&accountId=${x}`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.post.postId, viaService);
    const foreign = await t.request('GET', `/v1/analytics?postId=${tweet}&accountId=int_elsewhere`);
    assert.equal(foreign.status, 404, foreign.text);
  });

  it('lists posts with paging, sorted by date (default), a metric or engagement', async () => {
    const list = await t.request('GET', '/v1/analytics/');
    assert.equal(list.status, 200, list.text);
    for (const k of ['success', 'posts', 'total', 'page', 'limit']) assert.ok(k in list.body, k);
    assert.equal(list.body.limit, 50);
    assert.equal(list.body.sortBy, 'date');
    assert.deepEqual(
      list.body.posts.map((p: PostJson) => p.postId),
      [otherPost, viaService],
    );
    for (const p of list.body.posts) assertContractShape(p, 'postpeer');
    const onlyX = list.body.posts[0].platforms[0].platformPostId;
    setPostMetrics(sim, 'twitter', onlyX, { likes: 0, comments: 0, shares: 0, quotes: 0, saves: 0 });
    t.ctx.now = () => new Date(Date.now() + 901_000);
    const byEngagement = await t.request('GET', '/v1/analytics?sortBy=engagement&order=desc');
    assert.equal(byEngagement.status, 200, byEngagement.text);
    assert.deepEqual(
      byEngagement.body.posts.map((p: PostJson) => p.postId),
      [viaService, otherPost],
    );
    const asc = await t.request('GET', '/v1/analytics?sortBy=engagement&order=asc');
    assert.deepEqual(
      asc.body.posts.map((p: PostJson) => p.postId),
      [otherPost, viaService],
    );
    for (const sortBy of [
      'date',
      'publishedAt',
      'likes',
      'comments',
      'impressions',
      'views',
      'shares',
      'saves',
      'clicks',
      'reach',
    ]) {
      const res = await t.request('GET', `/v1/analytics?sortBy=${sortBy}`);
      assert.equal(res.status, 200, `${sortBy}: ${res.text}`);
      assert.equal(res.body.sortBy, sortBy);
    }
    t.ctx.now = () => new Date();
    // platform and accountId narrow the list to those targets.
    const page = await t.request('GET', `/v1/analytics?accountId=${fb}`);
    assert.equal(page.status, 200, page.text);
    assert.deepEqual(
      page.body.posts.map((p: PostJson) => [p.postId, p.platforms.map((x) => x.platform)]),
      [[viaService, ['facebook']]],
    );
    const onX = await t.request('GET', '/v1/analytics?platform=twitter');
    assert.equal(onX.body.total, 2);
    const foreign = await t.request('GET', '/v1/analytics?accountId=int_elsewhere');
    assert.equal(foreign.status, 404, foreign.text);
  });

  it("source=platform reads the account's posts from X, also those not published through the service", async () => {
    // A tweet written on X itself, not through the service.
    const direct = numericId(19);
    sim.state.createPost(
      'twitter',
      X_USER,
      { text: `Written on X ${dialect}` },
      { id: direct, kind: 'tweet' },
    );
    const before = await spent();
    const res = await t.request('GET', `/v1/analytics?source=platform&accountId=${x}`);
    assert.equal(res.status, 200, res.text);
    assert.equal((await spent()) - before, 1);
    for (const p of res.body.posts) {
      assertContractShape(p, 'platform');
      assert.equal(p.postId, null);
    }
    const found = res.body.posts.find((p: PostJson) => p.platforms[0]?.platformPostId === direct) as PostJson;
    assert.ok(found, 'the tweet written on X is listed');
    assert.equal(found.content, `Written on X ${dialect}`);
    assert.deepEqual(found.platforms[0]?.metrics, metricValues(xCounts(sim, direct)));
    assert.deepEqual(found.aggregated, found.platforms[0]?.metrics);
    assert.equal(res.body.total, 3, 'the two posts published through the service and the one written on X');
    const one = await t.request('GET', `/v1/analytics?source=platform&accountId=${x}&postId=${direct}`);
    assert.equal(one.status, 200, one.text);
    assert.equal(one.body.post.postId, null);
    assert.equal(one.body.post.source, 'platform');
    assert.equal(one.body.post.platforms[0].platformPostId, direct);
    const missing = await t.request('GET', `/v1/analytics?source=platform&accountId=${x}&postId=1`);
    assert.equal(missing.status, 404, missing.text);
    const past = await t.request(
      'GET',
      `/v1/analytics?source=platform&accountId=${x}&fromDate=2025-01-01&toDate=2025-12-31`,
    );
    assert.equal(past.status, 200, past.text);
    assert.equal(past.body.total, 0, 'the range ends before any of the posts');
    const call = sim.calls
      .list()
      .filter((c) => c.path === `/2/users/${X_USER}/tweets`)
      .at(-1);
    assert.equal(call?.query.end_time, '2026-01-01T00:00:00.000Z');
  });

  it('source=platform reads a Facebook Page through its feed', async () => {
    const direct = `${FB_PAGE}_${numericId(15)}`;
    sim.state.createPost('facebook', FB_PAGE, { message: `Written on Facebook ${dialect}` }, { id: direct });
    const res = await t.request('GET', `/v1/analytics?source=platform&accountId=${fb}&sortBy=date`);
    assert.equal(res.status, 200, res.text);
    const found = res.body.posts.find((p: PostJson) => p.platforms[0]?.platformPostId === direct) as PostJson;
    assert.ok(found, res.text);
    assertContractShape(found, 'platform');
    assert.equal(found.content, `Written on Facebook ${dialect}`);
    assert.equal(found.platforms[0]?.platformPostUrl, `https://www.facebook.com/${direct}`);
    assert.equal(typeof found.platforms[0]?.metrics.reach, 'number');
  });

  it('source=platform: 400 without accountId or for a platform it can not list, 404 for a foreign account, 429 with the wait, free of charge', async () => {
    const before = await spent();
    const none = await t.request('GET', '/v1/analytics?source=platform');
    assert.equal(none.status, 400, none.text);
    assert.match(none.body.message, /accountId/);
    const bluesky = await t.request('GET', `/v1/analytics?source=platform&accountId=${bsky}`);
    assert.equal(bluesky.status, 400, bluesky.text);
    assert.match(bluesky.body.message, /can not read bluesky accounts.*twitter, facebook/);
    const mismatch = await t.request('GET', `/v1/analytics?source=platform&accountId=${x}&platform=facebook`);
    assert.equal(mismatch.status, 400, mismatch.text);
    const foreign = await t.request('GET', '/v1/analytics?source=platform&accountId=int_elsewhere');
    assert.equal(foreign.status, 404, foreign.text);
    const unknownSource = await t.request('GET', `/v1/analytics?source=cache&accountId=${x}`);
    assert.equal(unknownSource.status, 400, unknownSource.text);
    sim.faults.add({
      platform: 'twitter',
      path: `/2/users/${X_USER}/tweets`,
      status: 429,
      headers: { 'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 30) },
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      times: 1,
    });
    const limited = await t.request('GET', `/v1/analytics?source=platform&accountId=${x}`);
    assert.equal(limited.status, 429, limited.text);
    const wait = Number(limited.headers['retry-after']);
    assert.ok(wait >= 25 && wait <= 31, `Retry-After ${wait}`);
    assert.equal(await spent(), before);
  });

  it('usage: publishing by platform and analytics add up to the total', async () => {
    const usage = await t.request('GET', '/v1/usage');
    assert.equal(usage.status, 200, usage.text);
    const [month] = usage.body.usage;
    assert.equal(usage.body.usage.length, 1);
    assert.deepEqual(month.platform, { twitter: 2, facebook: 1 });
    assert.equal(month.categories.publishing, 3);
    assert.ok(month.categories.analytics >= 10, JSON.stringify(month.categories));
    const sum = Object.values(month.categories as Record<string, number>).reduce((a, b) => a + b, 0);
    assert.equal(sum, month.count);
    assert.equal(usage.body.totalUsage, month.count);
  });
});
