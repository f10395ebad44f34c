/**
 * End to end through the simulator: a contributor's publish-now post waits
 * (nothing on the platform, nothing charged), an editor approves it, and it is
 * published exactly once with exactly one charge.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createAccessKey } from '../../src/domain/projects/keys.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { until } from '../shared-store.ts';

forEachDatabase('approval through the simulator', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let integrationId: string;

  before(async () => {
    sim = await startSimulator();
    t = await startTestService(dialect, {
      settings: { JOBS_POLL_MS: '20', PUBLISH_WAIT_MS: '4000', SIMULATOR_URL: sim.url },
    });
    const accountId = '1700000000000000099';
    sim.addAccount('twitter', { id: accountId, username: 'approvalsim', name: 'Approval Sim' });
    const token = sim.state.issueToken({
      platform: 'twitter',
      kind: 'access',
      clientId: 'sim-twitter-client',
      accountId,
      scopes: [],
      expiresAt: null,
      grantId: `grant-${accountId}`,
    }).value;
    integrationId = await insertIntegration(t.ctx, t.projectId, 'twitter', {
      token,
      platformUserId: accountId,
    });
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  it('publishes an approved post once, charging once; nothing before approval', async () => {
    const contributor = {
      'x-access-key': (await createAccessKey(t.ctx, t.projectId, 'c', { role: 'contributor' })).accessKey,
    };
    const editor = {
      'x-access-key': (await createAccessKey(t.ctx, t.projectId, 'e', { role: 'editor' })).accessKey,
    };
    const content = `Approved through the simulator ${dialect} ${Date.now()}`;
    const onPlatform = () =>
      sim.state.listPosts('twitter').filter((p) => JSON.stringify(p).includes(content)).length;
    const used = async () => {
      const b = (await t.request('GET', '/v1/usage')).body.balance;
      return b.monthly.used + b.purchased.used;
    };
    const before = await used();
    const created = await t.request(
      'POST',
      '/v1/posts',
      { content, platforms: [{ platform: 'twitter', accountId: integrationId }], publishNow: true },
      contributor,
    );
    assert.equal(created.status, 202, created.text);
    assert.equal(created.body.status, 'pending');
    assert.equal(onPlatform(), 0);
    assert.equal(await used(), before);

    const approved = await t.request('POST', `/v1/posts/${created.body.postId}/approve`, {}, editor);
    assert.equal(approved.status, 200, approved.text);
    assert.equal(approved.body.result, 'published_now');
    await until(
      async () =>
        (await t.request('GET', `/v1/posts/${created.body.postId}`)).body.post.status === 'published',
      30_000,
    );
    assert.equal(onPlatform(), 1);
    assert.equal(await used(), before + 1);
    const types = (
      await t.ctx.store.db
        .selectFrom('outbox')
        .select('type')
        .where('post_id', '=', created.body.postId)
        .execute()
    )
      .map((r) => r.type)
      .sort();
    assert.deepEqual(types, ['post.approval_requested', 'post.approved', 'post.published']);
  });
});
