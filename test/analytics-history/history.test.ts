/**
 * The analytics history end to end on SQLite and PostgreSQL: posts published to X,
 * Bluesky, a Facebook Page and Instagram through the simulator; a collection run
 * stores each account's counts and each target's metrics at its age; history,
 * post history, summary, best times, suggested slots and the CSV export answer
 * from those rows without asking a platform or charging a credit; every
 * documented error; and X's spend: recorded per post and per read, a cap that
 * refuses a create and fails a due target, announced once.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { collectNow } from '../../src/domain/analytics-history/collect-job.ts';
import { createProject } from '../../src/domain/projects/projects.ts';
import type { Platform } from '../../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { postMetrics } from '../../src/simulator/platforms/_shared/metrics.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';

const ACCOUNTS: Partial<Record<Platform, { user: string; page?: string; followers: number }>> = {
  twitter: { user: '1500000000000000001', followers: 1200 },
  bluesky: { user: 'did:plc:simbluesky000000000001', followers: 10 },
  facebook: { user: '10000000000000001', page: '200000000000001', followers: 540 },
  instagram: { user: '17841400000000001', followers: 321 },
};
const HOUR = 3_600_000;

forEachDatabase('analytics history', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let offsetMs = 0;
  let postA: string;
  const integrations: { platform: Platform; accountId: string }[] = [];
  const accountOf = (p: Platform) => integrations.find((i) => i.platform === p)?.accountId as string;
  const spent = async () => (await t.request('GET', '/v1/usage')).body.totalUsage as number;

  before(async () => {
    sim = await startSimulator({ contracts: true });
    t = await startTestService(dialect, {
      settings: { JOBS_POLL_MS: '20', PUBLISH_WAIT_MS: '15000', SIMULATOR_URL: sim.url },
    });
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
        grantId: `history-${platform}`,
      }).value;
      integrations.push({
        platform,
        accountId: await insertIntegration(t.ctx, t.projectId, platform, {
          token,
          platformUserId: who.page ?? who.user,
        }),
      });
    }
    const a = await t.request('POST', '/v1/posts', {
      content: `History everywhere ${dialect}`,
      platforms: integrations.filter((i) => i.platform !== 'instagram'),
      publishNow: true,
    });
    assert.equal(a.body.status, 'published', a.text);
    postA = a.body.postId;
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  it('collects account counts and a 1 h snapshot of each target, asking each platform', async () => {
    offsetMs += HOUR + 60_000;
    const r = await collectNow(t.ctx, { projectId: t.projectId });
    assert.equal(r.accounts, 4);
    assert.equal(r.collected, 4, JSON.stringify(r));
    assert.equal(r.targets, 3);
    for (const [platform, who] of Object.entries(ACCOUNTS) as [Platform, { followers: number }][]) {
      const res = await t.request('GET', `/v1/analytics/accounts/${accountOf(platform)}/history`);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.days.length, 1, platform);
      assert.equal(res.body.days[0].followers, who.followers, platform);
      assert.ok(res.body.limits.length > 20, `${platform} says what its API can not give`);
      assert.equal(res.body.lastError, null, platform);
    }
  });

  it('answers history reads from stored rows: no platform asked, no credit charged', async () => {
    const before = await spent();
    sim.calls.clear();
    const res = await t.request('GET', `/v1/analytics/posts/${postA}/history`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.targets.length, 3);
    for (const target of res.body.targets) {
      assert.deepEqual(
        target.snapshots.map((s: { ageHours: number }) => s.ageHours),
        [1],
      );
    }
    const x = res.body.targets.find((x: { platform: string }) => x.platform === 'twitter');
    assert.equal(typeof x.snapshots[0].likes, 'number');
    const summary = await t.request('GET', '/v1/analytics/summary');
    assert.equal(summary.status, 200, summary.text);
    assert.equal(summary.body.accounts.length, 4);
    assert.equal(summary.body.topPosts[0].postId, postA);
    const twitter = summary.body.platforms.find((p: { platform: string }) => p.platform === 'twitter');
    assert.equal(twitter.followers, 1200);
    assert.equal(twitter.totals.posts, 1);
    assert.equal(sim.calls.list().length, 0, 'no platform was asked');
    assert.equal(await spent(), before);
  });

  it('adds the 6 h snapshot later, with the metrics grown on the platform', async () => {
    offsetMs += 6 * HOUR;
    const r = await collectNow(t.ctx, { projectId: t.projectId });
    assert.equal(r.targets, 3);
    const res = await t.request('GET', `/v1/analytics/posts/${postA}/history`);
    for (const target of res.body.targets)
      assert.deepEqual(
        target.snapshots.map((s: { ageHours: number }) => s.ageHours),
        [1, 6],
      );
    const bsky = res.body.targets.find((x: { platform: string }) => x.platform === 'bluesky');
    const post = sim.state.getPost('bluesky', bsky.platformPostId ?? '') ?? sim.state.listPosts('bluesky')[0];
    assert.ok(post, 'the Bluesky post on the simulator');
    assert.equal(bsky.snapshots[1].likes, postMetrics(sim, post).likes);
  });

  it('exports one CSV row per target and snapshot', async () => {
    const res = await t.request('GET', '/v1/analytics/export?format=csv');
    assert.equal(res.status, 200, res.text);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    const lines = res.text.trim().split('\n');
    assert.equal(lines[0]?.split(',')[0], 'post_id');
    assert.equal(lines.length, 1 + 6);
  });

  it('ranks best times from history, or says there are too few posts', async () => {
    const few = await t.request(
      'GET',
      `/v1/analytics/best-times?integrationId=${accountOf('twitter')}&count=3`,
    );
    assert.equal(few.status, 200, few.text);
    assert.equal(few.body.basedOn, 'defaults');
    assert.match(few.body.note, /Too few posts/);
    assert.equal(few.body.slots.length, 3);
    // Three posts on Tuesdays at 09:xx UTC with a high rate, three on Fridays at 15:xx with a low one.
    const rows = [0, 1, 2].flatMap((i) => [
      snapshot(`tgt_bt_hi_${i}`, `2026-11-${String(3 + i * 7).padStart(2, '0')}T09:1${i}:00.000Z`, 30),
      snapshot(`tgt_bt_lo_${i}`, `2026-11-${String(6 + i * 7).padStart(2, '0')}T15:2${i}:00.000Z`, 2),
    ]);
    await t.ctx.store.db.insertInto('target_snapshots').values(rows).execute();
    const ranked = await t.request(
      'GET',
      `/v1/analytics/best-times?integrationId=${accountOf('twitter')}&count=2`,
    );
    assert.equal(ranked.body.basedOn, 'history', ranked.text);
    assert.deepEqual(
      ranked.body.slots.map((s: { day: string; time: string; posts: number }) => [s.day, s.time, s.posts]),
      [
        ['tuesday', '09:00', 3],
        ['friday', '15:00', 3],
      ],
    );
    const slots = await t.request('GET', '/v1/queue/suggested-slots?count=2');
    assert.equal(slots.status, 200, slots.text);
    assert.equal(slots.body.basedOn, 'history');
    assert.equal(slots.body.slots[0].day, 'tuesday');
  });

  function snapshot(id: string, publishedAt: string, likes: number) {
    return {
      target_id: id,
      age_hours: 24,
      project_id: t.projectId,
      post_id: `post_${id}`,
      integration_id: accountOf('twitter'),
      platform: 'twitter',
      published_at: publishedAt,
      impressions: 100,
      reach: null,
      views: null,
      likes,
      comments: 0,
      shares: 0,
      saves: 0,
      clicks: null,
      collected_at: publishedAt,
    };
  }

  it('answers each documented error', async () => {
    const other = await createProject(t.ctx, 'other');
    const foreign = await insertIntegration(t.ctx, other.projectId, 'twitter', {
      token: 'x',
      platformUserId: '42',
    });
    const cases: [string, number][] = [
      [`/v1/analytics/accounts/${foreign}/history`, 404],
      ['/v1/analytics/accounts/int_missing/history', 404],
      [`/v1/analytics/accounts/${accountOf('twitter')}/history?from=2026-11-10&to=2026-11-01`, 400],
      [`/v1/analytics/accounts/${accountOf('twitter')}/history?from=2020-01-01&to=2026-11-01`, 400],
      [`/v1/analytics/accounts/${accountOf('twitter')}/history?metrics=followers,bogus`, 400],
      [`/v1/analytics/accounts/${accountOf('twitter')}/history?from=2026-13-01`, 400],
      ['/v1/analytics/posts/post_missing/history', 404],
      ['/v1/analytics/summary?profileId=prof_missing', 404],
      ['/v1/analytics/best-times', 400],
      [`/v1/analytics/best-times?integrationId=${foreign}`, 404],
      ['/v1/analytics/best-times?profileId=prof_x&integrationId=int_y', 400],
      ['/v1/analytics/export?format=xlsx', 400],
      ['/v1/queue/suggested-slots?profileId=prof_missing', 404],
    ];
    for (const [url, status] of cases) {
      const res = await t.request('GET', url);
      assert.equal(res.status, status, `${url}: ${res.text}`);
      assert.equal(res.body.success, false, url);
      assert.ok(res.body.message, url);
    }
  });

  it("records X's spend per post and per read, and a cap refuses a create once it would be passed", async () => {
    const usage = await t.request('GET', '/v1/usage');
    const x = usage.body.platformSpend.filter((s: { platform: string }) => s.platform === 'twitter');
    const total = x.reduce((n: number, s: { amount: number }) => n + s.amount, 0);
    // One post created (0.015), two metric reads of it (2 × 0.005), two reads of the account (2 × 0.01).
    assert.equal(Math.round(total * 1000) / 1000, 0.045, JSON.stringify(x));
    assert.ok(
      usage.body.platformPrices.some((p: { callKind: string }) => p.callKind === 'post_create_with_url'),
    );
    assert.deepEqual(
      usage.body.platformSpend.map((s: { platform: string }) => s.platform),
      ['twitter'],
      'only X charges',
    );

    for (const [body, status] of [
      [{ bluesky: { monthly: 5 } }, 400],
      [{ nowhere: { monthly: 5 } }, 400],
      [{ twitter: { monthly: -1 } }, 400],
      [{}, 400],
    ] as const) {
      const res = await t.request('PUT', '/v1/usage/caps', body);
      assert.equal(res.status, status, `${JSON.stringify(body)}: ${res.text}`);
    }
    const set = await t.request('PUT', '/v1/usage/caps', { twitter: { monthly: 0.05 } });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(set.body.caps, { twitter: { monthly: 0.05, currency: 'USD' } });

    const balance = await spent();
    const link = await t.request('POST', '/v1/posts', {
      content: 'Read more at https://example.com/news',
      platforms: [{ platform: 'twitter', accountId: accountOf('twitter') }],
      publishNow: true,
    });
    assert.equal(link.status, 402, link.text);
    assert.match(link.body.message, /monthly spend cap of \$0\.05 would be passed: \$0\.045 spent/);
    assert.equal(await spent(), balance, 'nothing charged');
    const again = await t.request('POST', '/v1/posts', {
      content: 'Again https://example.com/more',
      platforms: [{ platform: 'twitter', accountId: accountOf('twitter') }],
      publishNow: true,
    });
    assert.equal(again.status, 402);
    const events = await t.ctx.store.db
      .selectFrom('outbox')
      .select('type')
      .where('project_id', '=', t.projectId)
      .where('type', '=', 'account.spend_cap_reached')
      .execute();
    assert.equal(events.length, 1, 'announced once this month');

    // A plain post still fits ($0.045 + $0.015 > $0.05 does not): raise the cap a little for it.
    await t.request('PUT', '/v1/usage/caps', { twitter: { monthly: 0.06 } });
    // The job runner keeps real time: the scheduled post is due in real time too.
    offsetMs = 0;
    const plain = await t.request('POST', '/v1/posts', {
      content: `Plain words ${dialect}`,
      platforms: [{ platform: 'twitter', accountId: accountOf('twitter') }],
      scheduledFor: new Date(Date.now() + 1500).toISOString(),
    });
    assert.equal(plain.status, 202, plain.text);
    // Lowered before its time comes: the target fails with the cap's reason, its credit refunded.
    await t.request('PUT', '/v1/usage/caps', { twitter: { monthly: 0.05 } });
    let post: { status: string; platforms: { errorMessage?: string | null }[] } | undefined;
    for (let i = 0; i < 400; i++) {
      post = (await t.request('GET', `/v1/posts/${plain.body.postId}`)).body.post;
      if (post?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(post?.status, 'failed', JSON.stringify(post));
    assert.match(JSON.stringify(post), /monthly spend cap/);
    const removed = await t.request('PUT', '/v1/usage/caps', { twitter: { monthly: null } });
    assert.deepEqual(removed.body.caps, {});
  });
});
