/**
 * What the API tells its users about their posts, end to end through the simulator:
 * each per-target result names its account, a replayed Idempotency-Key answers the
 * post as it is now, a target the platform refused gives its credit back (seen in
 * GET /v1/usage), and starting a connect for Bluesky or an unknown platform answers
 * one sentence that says what to do.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { PLATFORMS } from '../src/platforms/names.ts';
import { BLUESKY_CONNECT_HINT } from '../src/routes/connect/start.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { connectSimulated } from './publishing-e2e.ts';
import { until } from './shared-store.ts';

const FINAL = ['published', 'partial', 'failed'];

forEachDatabase('honest answers about posts and connecting', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  const accounts: string[] = [];

  before(async () => {
    sim = await startSimulator();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        // The create answers at once, so a replay can be compared with the first answer.
        PUBLISH_WAIT_MS: '0',
        PUBLISH_RETRY_BASE_MS: '50',
        SIMULATOR_URL: sim.url,
      },
    });
    for (const id of ['1700000000000000301', '1700000000000000302']) {
      sim.addAccount('twitter', { id, username: `honest${id.slice(-1)}`, name: `Honest ${id.slice(-1)}` });
      accounts.push(await connectSimulated(t, sim, 'twitter', id));
    }
  });
  after(async () => {
    await t.close();
    await sim.close();
  });
  beforeEach(() => sim.faults.clear());

  const settled = async (postId: string) => {
    await until(
      async () => FINAL.includes((await t.request('GET', `/v1/posts/${postId}`)).body.post.status),
      20_000,
    );
    return (await t.request('GET', `/v1/posts/${postId}`)).body.post;
  };

  it('names the account of every per-target result, in the create answer and the post read', async () => {
    const body = {
      content: `Two X accounts ${dialect} ${Date.now()}`,
      platforms: accounts.map((accountId) => ({ platform: 'twitter', accountId })),
      publishNow: true,
    };
    const res = await t.request('POST', '/v1/posts', body);
    assert.equal(res.status, 202, res.text);
    assert.deepEqual(
      res.body.platforms.map((p: { integrationId: string }) => p.integrationId),
      accounts,
    );
    const post = await settled(res.body.postId);
    assert.deepEqual(
      post.platforms.map((p: { integrationId: string }) => p.integrationId),
      accounts,
    );
    // Published through the sandbox simulator, and they say so; so do their integrations.
    assert.deepEqual(
      post.platforms.map((p: { sandbox?: boolean }) => p.sandbox),
      [true, true],
    );
    const list = await t.request('GET', '/v1/connect/integrations?platform=twitter');
    assert.ok(list.body.integrations.length >= 2);
    for (const i of list.body.integrations) assert.equal(i.sandbox, true);
    // Every documented field is still there.
    for (const field of ['platform', 'status', 'content', 'platformPostId', 'platformPostUrl', 'publishedAt'])
      assert.ok(field in post.platforms[0], field);
  });

  it('a replayed Idempotency-Key answers the post as it is now, not the first answer', async () => {
    const body = {
      content: `Replayed ${dialect} ${Date.now()}`,
      platforms: [{ platform: 'twitter', accountId: accounts[0] }],
      publishNow: true,
    };
    const key = { 'idempotency-key': `replay-${dialect}-${Date.now()}` };
    const first = await t.request('POST', '/v1/posts', body, key);
    assert.equal(first.status, 202, first.text);
    assert.notEqual(first.body.status, 'published', 'the first answer came before publishing finished');
    await settled(first.body.postId);
    const again = await t.request('POST', '/v1/posts', body, key);
    assert.equal(again.status, 202, again.text);
    assert.equal(again.body.postId, first.body.postId);
    assert.equal(again.body.status, 'published');
    assert.match(again.body.platforms[0].platformPostUrl, /x\.com/);
    assert.equal(again.body.platforms[0].integrationId, accounts[0]);
    assert.equal(again.body.platforms[0].sandbox, true);
    const posts = await t.ctx.store.db
      .selectFrom('posts')
      .select('id')
      .where('content', '=', body.content)
      .execute();
    assert.equal(posts.length, 1, 'the replay created nothing');
  });

  it("a target the platform refused gives its credit back, in the failure's own transaction", async () => {
    const usageBefore = (await t.request('GET', '/v1/usage')).body.totalUsage as number;
    sim.faults.add({
      platform: 'twitter',
      method: 'POST',
      path: '/2/tweets',
      times: 1,
      status: 403,
      body: { detail: 'You are not allowed to create a Tweet with duplicate content.', status: 403 },
    });
    const res = await t.request('POST', '/v1/posts', {
      content: `Refused ${dialect} ${Date.now()}`,
      platforms: [{ platform: 'twitter', accountId: accounts[0] }],
      publishNow: true,
    });
    const post = await settled(res.body.postId);
    assert.equal(post.status, 'failed');
    const ledger = await t.ctx.store.db
      .selectFrom('credit_ledger')
      .select(['amount', 'reason'])
      .where('post_id', '=', res.body.postId)
      .orderBy('amount', 'desc')
      .execute();
    assert.deepEqual(
      ledger.map((l) => [Number(l.amount), l.reason]),
      [
        [1, 'post'],
        [-1, 'post_refund'],
      ],
    );
    const usage = await t.request('GET', '/v1/usage');
    assert.equal(usage.body.totalUsage, usageBefore, 'the failed target costs nothing');
  });

  it('GET /v1/connect/bluesky says in one sentence how Bluesky connects', async () => {
    const res = await t.request('GET', '/v1/connect/bluesky');
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { success: false, message: BLUESKY_CONNECT_HINT });
    assert.match(res.body.message, /POST \/v1\/connect\/bluesky\/auth/);
  });

  it('an unknown platform is one sentence listing the platforms', async () => {
    const res = await t.request('GET', '/v1/connect/myspace');
    assert.equal(res.status, 400);
    assert.equal(res.body.message.split(';').length, 1, res.body.message);
    for (const p of PLATFORMS) assert.match(res.body.message, new RegExp(`\\b${p}\\b`));
  });
});
