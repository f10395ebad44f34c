/**
 * End to end through the simulator with the real X and LinkedIn adapters: the
 * fault matrix of the publishing engine. Every case asserts on the simulator's
 * own record that the post exists exactly once (or not at all).
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import type { Platform } from '../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { until } from './shared-store.ts';

const FINAL = ['published', 'partial', 'failed'];
let seq = 0;

forEachDatabase('publishing through the simulator', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  const acct: Record<string, { integrationId: string; accountId: string }> = {};

  before(async () => {
    sim = await startSimulator();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '4000',
        PUBLISH_RETRY_BASE_MS: '50',
        PUBLISH_ATTEMPT_TIMEOUT_MS: '800',
        SIMULATOR_URL: sim.url,
      },
    });
    for (const platform of ['twitter', 'linkedin'] as Platform[]) {
      const accountId = platform === 'twitter' ? '1700000000000000001' : 'SimMemberE2E';
      sim.addAccount(platform, { id: accountId, username: `e2e${platform}`, name: `E2E ${platform}` });
      const token = sim.state.issueToken({
        platform,
        kind: 'access',
        clientId: `sim-${platform}-client`,
        accountId,
        scopes: [],
        expiresAt: null,
        grantId: `grant-${accountId}`,
      }).value;
      const integrationId = await insertIntegration(t.ctx, t.projectId, platform, {
        token,
        platformUserId: accountId,
      });
      acct[platform] = { integrationId, accountId };
    }
  });
  after(async () => {
    await t.close();
    await sim.close();
  });
  beforeEach(() => {
    sim.faults.clear();
  });

  const post = async (platforms: Platform[]) => {
    const content = `E2E post ${dialect} ${++seq} ${Date.now()}`;
    const res = await t.request('POST', '/v1/posts', {
      content,
      platforms: platforms.map((p) => ({ platform: p, accountId: acct[p]?.integrationId })),
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    return { postId: res.body.postId as string, content, answer: res.body };
  };
  const settled = async (postId: string) => {
    await until(
      async () => FINAL.includes((await t.request('GET', `/v1/posts/${postId}`)).body.post.status),
      20_000,
    );
    return (await t.request('GET', `/v1/posts/${postId}`)).body.post;
  };
  const onPlatform = (platform: Platform, content: string) =>
    sim.state.listPosts(platform).filter((p) => JSON.stringify(p).includes(content)).length;
  const finalEvents = async (postId: string) =>
    (await t.ctx.store.db.selectFrom('outbox').select('type').where('post_id', '=', postId).execute()).map(
      (e) => e.type,
    );

  it('publishes to X and LinkedIn at once, each exactly once', async () => {
    const { postId, content, answer } = await post(['twitter', 'linkedin']);
    assert.equal(answer.status, 'published', JSON.stringify(answer));
    assert.equal(onPlatform('twitter', content), 1);
    assert.equal(onPlatform('linkedin', content), 1);
    const p = await settled(postId);
    assert.match(p.platforms[0].platformPostUrl, /x\.com/);
    assert.deepEqual(await finalEvents(postId), ['post.published']);
  });

  const createCases: {
    name: string;
    rule: Parameters<Simulator['faults']['add']>[0];
    reconciles: boolean;
  }[] = [
    { name: 'a 503 answer to the create call', rule: { status: 503 }, reconciles: true },
    { name: 'a timeout before the platform committed', rule: { timeout: true }, reconciles: true },
    {
      name: 'a dropped connection after the platform committed',
      rule: { dropAfterCommit: 'reset' },
      reconciles: true,
    },
    {
      name: 'a gateway timeout after the platform committed',
      rule: { dropAfterCommit: 'status', status: 504 },
      reconciles: true,
    },
  ];
  for (const c of createCases) {
    it(`X: ${c.name} ends with exactly one post`, async () => {
      sim.faults.add({ platform: 'twitter', method: 'POST', path: '/2/tweets', times: 1, ...c.rule });
      const { postId, content } = await post(['twitter']);
      const p = await settled(postId);
      assert.equal(p.status, 'published', JSON.stringify(p.platforms));
      assert.equal(onPlatform('twitter', content), 1);
      const ledger = JSON.parse(
        (
          await t.ctx.store.db
            .selectFrom('post_targets')
            .select('ledger')
            .where('post_id', '=', postId)
            .executeTakeFirstOrThrow()
        ).ledger ?? '{}',
      );
      if (c.reconciles)
        assert.ok(
          ledger.history.some((h: { event: string }) => h.event === 'retry'),
          JSON.stringify(ledger),
        );
      assert.deepEqual(await finalEvents(postId), ['post.published']);
    });
  }

  it('LinkedIn: a dropped answer after commit is reconciled, one post', async () => {
    sim.faults.add({
      platform: 'linkedin',
      method: 'POST',
      path: '/rest/posts',
      times: 1,
      dropAfterCommit: 'reset',
    });
    const { postId, content } = await post(['linkedin']);
    const p = await settled(postId);
    assert.equal(p.status, 'published', JSON.stringify(p.platforms));
    assert.equal(onPlatform('linkedin', content), 1);
  });

  it("X: the platform's rate limit is waited out, then the post goes out once", async () => {
    sim.faults.add({
      platform: 'twitter',
      method: 'POST',
      path: '/2/tweets',
      times: 1,
      rateLimit: { resetInSec: 1 },
    });
    const { postId, content } = await post(['twitter']);
    const p = await settled(postId);
    assert.equal(p.status, 'published');
    assert.equal(onPlatform('twitter', content), 1);
    assert.equal(sim.calls.count({ platform: 'twitter', method: 'POST', path: '/2/tweets', status: 429 }), 1);
  });

  it("X: a permanent refusal fails the target with the platform's message; the other target publishes", async () => {
    sim.faults.add({
      platform: 'twitter',
      method: 'POST',
      path: '/2/tweets',
      times: 1,
      status: 403,
      body: {
        detail: 'You are not allowed to create a Tweet with duplicate content.',
        title: 'Forbidden',
        status: 403,
      },
    });
    const { postId, content, answer } = await post(['twitter', 'linkedin']);
    assert.equal(answer.status, 'partial', JSON.stringify(answer));
    const tw = answer.platforms.find((p: { platform: string }) => p.platform === 'twitter');
    assert.match(tw.error, /duplicate content/);
    assert.equal(onPlatform('twitter', content), 0);
    assert.equal(onPlatform('linkedin', content), 1);
    assert.deepEqual(await finalEvents(postId), ['post.partial']);
  });

  it('X: a token that expires mid-publish is refreshed once through the platform, then the post goes out', async () => {
    const accountId = `17000000000000${dialect === 'sqlite' ? 1 : 2}9`;
    sim.addAccount('twitter', { id: accountId, username: `expiring${dialect}`, name: 'Expiring' });
    const tokens = sim.issueTokens('twitter', { accountId, ttlSec: 3600, refresh: true });
    const integrationId = await insertIntegration(t.ctx, t.projectId, 'twitter', {
      token: tokens.accessToken,
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
      platformUserId: accountId,
    });
    // The token dies after the post was accepted and before its create call.
    sim.state.expireTokens({ platform: 'twitter', account: accountId, kind: 'access' });
    const content = `Expiring token ${dialect} ${Date.now()}`;
    const res = await t.request('POST', '/v1/posts', {
      content,
      platforms: [{ platform: 'twitter', accountId: integrationId }],
      publishNow: true,
    });
    const p = await settled(res.body.postId);
    assert.equal(p.status, 'published', JSON.stringify(p.platforms));
    assert.equal(onPlatform('twitter', content), 1);
    assert.equal(sim.calls.count({ platform: 'twitter', method: 'POST', path: '/2/tweets', status: 401 }), 1);
  });

  it('X: repeated 5xx answers to the create are reconciled each time and end with one post', async () => {
    sim.faults.add({ platform: 'twitter', method: 'POST', path: '/2/tweets', times: 2, status: 503 });
    const { postId, content } = await post(['twitter']);
    const p = await settled(postId);
    assert.equal(p.status, 'published', JSON.stringify(p.platforms));
    assert.equal(onPlatform('twitter', content), 1);
  });
});
