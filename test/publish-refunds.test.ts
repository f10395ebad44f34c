/**
 * The refund rule end to end (README "Credits"), one case per failure class,
 * through the real X adapter and the simulator, each checked on the credit ledger
 * itself: a target refused before or by the platform gets its credit back (the
 * platform refused it; the account needs reconnecting, also when its token is
 * revoked while a slow create call is on its way; the platform was unavailable
 * until the retries ran out), and only a target whose create has an unknown
 * outcome keeps its charge, with the "check the account" message.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { markNeedsReconnect } from '../src/domain/integrations/tokens.ts';
import { type FixtureServer, png, startFixtureServer } from '../src/media/testing.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { until } from './shared-store.ts';

const FINAL = ['published', 'partial', 'failed'];
const CHECK_ACCOUNT = /^Could not confirm whether the post was created on twitter \(.*\)\. Check the account/;
let seq = 0;

forEachDatabase('refunds by what is known about the platform call', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;

  before(async () => {
    sim = await startSimulator();
    fixtures = await startFixtureServer();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '100',
        PUBLISH_RETRY_BASE_MS: '20',
        PUBLISH_MAX_ATTEMPTS: '3',
        PUBLISH_ATTEMPT_TIMEOUT_MS: '3000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
      },
    });
  });
  after(async () => {
    await t.close();
    await fixtures.close();
    await sim.close();
  });
  beforeEach(() => sim.faults.clear());

  /** A fresh X account with a refreshable token, so one case's revocation touches no other. */
  const connect = async () => {
    const accountId = `17${dialect === 'sqlite' ? 1 : 2}${String(++seq).padStart(16, '0')}`;
    sim.addAccount('twitter', { id: accountId, username: `refund${dialect}${seq}`, name: 'Refunds' });
    const tokens = sim.issueTokens('twitter', { accountId, ttlSec: null, refresh: true });
    const integrationId = await insertIntegration(t.ctx, t.projectId, 'twitter', {
      token: tokens.accessToken,
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
      platformUserId: accountId,
    });
    return { accountId, integrationId };
  };
  const publish = async (integrationId: string, extra: Record<string, unknown> = {}) => {
    const content = `Refund case ${dialect} ${seq} ${Date.now()}`;
    const res = await t.request('POST', '/v1/posts', {
      content,
      platforms: [{ platform: 'twitter', accountId: integrationId }],
      publishNow: true,
      ...extra,
    });
    assert.equal(res.status, 202, res.text);
    return { postId: res.body.postId as string, content };
  };
  const settled = async (postId: string) => {
    await until(
      async () => FINAL.includes((await t.request('GET', `/v1/posts/${postId}`)).body.post.status),
      20_000,
    );
    return (await t.request('GET', `/v1/posts/${postId}`)).body.post;
  };
  /** The post's credit movements, charge first. */
  const credits = async (postId: string) =>
    (
      await t.ctx.store.db
        .selectFrom('credit_ledger')
        .select(['amount', 'reason'])
        .where('post_id', '=', postId)
        .orderBy('amount', 'desc')
        .execute()
    ).map((l) => [Number(l.amount), l.reason]);
  const REFUNDED = [
    [1, 'post'],
    [-1, 'post_refund'],
  ];
  const CHARGED = [[1, 'post']];
  const onPlatform = (content: string) =>
    sim.state.listPosts('twitter').filter((p) => JSON.stringify(p).includes(content)).length;

  it('refused by the platform: refunded', async () => {
    const { integrationId } = await connect();
    sim.faults.add({
      platform: 'twitter',
      method: 'POST',
      path: '/2/tweets',
      times: 1,
      status: 403,
      body: { detail: 'You are not allowed to create a Tweet with duplicate content.', status: 403 },
    });
    const { postId } = await publish(integrationId);
    const post = await settled(postId);
    assert.equal(post.platforms[0].status, 'failed');
    assert.match(post.platforms[0].errorMessage, /duplicate content/);
    assert.deepEqual(await credits(postId), REFUNDED);
  });

  it('the account needs reconnecting (the create call was refused and the refresh failed): refunded', async () => {
    const { accountId, integrationId } = await connect();
    // The user removed the app on X: access and refresh tokens are dead, which the service learns
    // from the create call's 401 and the refresh that follows it.
    sim.state.revokeTokens({ platform: 'twitter', account: accountId });
    const { postId, content } = await publish(integrationId);
    const post = await settled(postId);
    assert.equal(post.platforms[0].status, 'failed');
    assert.match(post.platforms[0].errorMessage, /needs reconnecting/);
    assert.equal(
      sim.calls.count({ platform: 'twitter', method: 'POST', path: '/2/tweets', status: 401 }) > 0,
      true,
    );
    assert.equal(onPlatform(content), 0);
    assert.deepEqual(await credits(postId), REFUNDED);
  });

  it('the account marked for reconnecting before its scheduled post is due (no call made): refunded', async () => {
    const { integrationId } = await connect();
    const { postId, content } = await publish(integrationId, {
      publishNow: undefined,
      scheduledFor: new Date(Date.now() + 1500).toISOString(),
    });
    await markNeedsReconnect(t.ctx, integrationId, 'token_revoked');
    const post = await settled(postId);
    assert.equal(post.platforms[0].status, 'failed');
    assert.match(post.platforms[0].errorMessage, /reconnect/i);
    assert.equal(onPlatform(content), 0);
    assert.deepEqual(await credits(postId), REFUNDED);
  });

  it("X's token revoked during a slow create call (answered 401): refunded", async () => {
    const { accountId, integrationId } = await connect();
    const creates = { platform: 'twitter', method: 'POST', path: '/2/tweets', account: accountId } as const;
    sim.faults.add({ ...creates, times: 1, delayMs: 800 });
    const { postId, content } = await publish(integrationId);
    // The create call is on its way (the simulator holds it) when the grant is revoked.
    await until(() => sim.calls.count(creates) > 0);
    sim.state.revokeTokens({ platform: 'twitter', account: accountId });
    const post = await settled(postId);
    assert.equal(post.platforms[0].status, 'failed');
    assert.match(post.platforms[0].errorMessage, /needs reconnecting/);
    assert.equal(onPlatform(content), 0);
    assert.deepEqual(await credits(postId), REFUNDED);
  });

  it('the platform unavailable before the create until the retries ran out: refunded', async () => {
    const { integrationId } = await connect();
    const image = fixtures.set(`/refunds/${dialect}.png`, png(64, 64), 'image/png');
    sim.faults.add({ platform: 'twitter', method: 'POST', path: '/2/media/upload/initialize', status: 503 });
    const { postId, content } = await publish(integrationId, { mediaItems: [{ type: 'image', url: image }] });
    const post = await settled(postId);
    assert.equal(post.platforms[0].status, 'failed');
    assert.match(post.platforms[0].errorMessage, /gave up after 3 attempts/);
    assert.equal(onPlatform(content), 0);
    assert.deepEqual(await credits(postId), REFUNDED);
  });

  it('a create of unknown outcome that can not be reconciled: charged, with the check-the-account message', async () => {
    const { integrationId } = await connect();
    // Every create answer is lost after X committed, and the timeline read that would find it fails.
    sim.faults.add({
      platform: 'twitter',
      method: 'POST',
      path: '/2/tweets',
      dropAfterCommit: 'status',
      status: 504,
    });
    sim.faults.add({ platform: 'twitter', method: 'GET', path: /^\/2\/users\//, status: 503 });
    const { postId, content } = await publish(integrationId);
    const post = await settled(postId);
    assert.equal(post.platforms[0].status, 'failed');
    assert.match(post.platforms[0].errorMessage, CHECK_ACCOUNT);
    assert.equal(onPlatform(content), 1);
    assert.deepEqual(await credits(postId), CHARGED);
  });

  it('the account needs reconnecting while a create of unknown outcome is reconciled: charged, check the account', async () => {
    const { accountId, integrationId } = await connect();
    sim.faults.add({
      platform: 'twitter',
      method: 'POST',
      path: '/2/tweets',
      times: 1,
      dropAfterCommit: 'status',
      status: 504,
    });
    // The grant is revoked while the reconcile's timeline read is on its way: X refuses it.
    sim.faults.add({ platform: 'twitter', method: 'GET', path: /^\/2\/users\//, times: 1, delayMs: 800 });
    const reads = () => sim.calls.count({ platform: 'twitter', method: 'GET', account: accountId });
    const { postId } = await publish(integrationId);
    await until(() => reads() > 0);
    sim.state.revokeTokens({ platform: 'twitter', account: accountId });
    const post = await settled(postId);
    assert.equal(post.platforms[0].status, 'failed');
    assert.match(post.platforms[0].errorMessage, CHECK_ACCOUNT);
    assert.match(post.platforms[0].errorMessage, /needs reconnecting/);
    assert.deepEqual(await credits(postId), CHARGED);
  });
});
