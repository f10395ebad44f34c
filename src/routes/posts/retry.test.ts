/**
 * POST /v1/posts/{postId}/retry end to end through the simulator: a failed X
 * target published again (charged again, the post's status and final event
 * derived again) while a LinkedIn target whose account needs reconnecting is
 * reported per target; a "could not confirm" target reconciled with the platform
 * first (no second post, no second charge); and the refusals.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { insertIntegration } from '../../../test/fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { FUTURE } from '../../../test/posts-fixtures.ts';
import { type Simulator, startSimulator } from '../../simulator/index.ts';

forEachDatabase('retry per target', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let x: string;
  let li: string;
  const xUser = `15000000000000${dialect === 'sqlite' ? '03' : '04'}88`;

  const used = async () => {
    const b = (await t.request('GET', '/v1/usage')).body.balance;
    return b.monthly.used + b.purchased.used;
  };
  const finalEvents = async (postId: string) =>
    (await t.ctx.store.db.selectFrom('outbox').select('type').where('post_id', '=', postId).execute())
      .map((e) => e.type)
      .filter((type) => type !== 'post.scheduled');
  const connect = async (platform: 'twitter' | 'linkedin', user: string) => {
    const token = sim.state.issueToken({
      platform,
      kind: 'access',
      clientId: `sim-${platform}-client`,
      accountId: user,
      scopes: [],
      expiresAt: null,
      grantId: `retry-${platform}-${dialect}`,
    }).value;
    return insertIntegration(t.ctx, t.projectId, platform, { token, platformUserId: user });
  };

  before(async () => {
    sim = await startSimulator();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '15000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
        MONTHLY_CREDITS: '100',
      },
    });
    sim.addAccount('twitter', { id: xUser, username: `retry${dialect}`, name: 'Retry' });
    x = await connect('twitter', xUser);
    li = await connect('linkedin', 'SimMember001');
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  it('publishes the failed target again and reports the account that needs reconnecting', async () => {
    const content = `Retry me ${dialect} ${Date.now()}`;
    sim.faults.add({
      platform: 'twitter',
      method: 'POST',
      path: '/2/tweets',
      times: 1,
      status: 400,
      body: {
        title: 'Invalid Request',
        detail: 'One or more parameters to your request was invalid.',
        type: 'about:blank',
        status: 400,
      },
    });
    sim.faults.add({
      platform: 'linkedin',
      method: 'POST',
      path: '/rest/posts',
      times: 1,
      status: 422,
      body: { message: 'Content is invalid', status: 422 },
    });
    const created = await t.request('POST', '/v1/posts', {
      content,
      platforms: [
        { platform: 'twitter', accountId: x },
        { platform: 'linkedin', accountId: li },
      ],
      publishNow: true,
    });
    assert.equal(created.status, 202, created.text);
    assert.equal(created.body.status, 'failed', created.text);
    const postId = created.body.postId as string;
    const beforeRetry = await used();
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ auth_status: 'needs_reconnect' })
      .where('id', '=', li)
      .execute();

    const retried = await t.request('POST', `/v1/posts/${postId}/retry`, {});
    assert.equal(retried.status, 200, retried.text);
    const byPlatform: Record<string, { retried: boolean; status: string; message?: string }> =
      Object.fromEntries(
        (retried.body.platforms as { platform: string; retried: boolean; status: string }[]).map((p) => [
          p.platform,
          p,
        ]),
      );
    assert.equal(byPlatform.twitter?.retried, true);
    assert.equal(byPlatform.twitter?.status, 'published', retried.text);
    assert.equal(byPlatform.linkedin?.retried, false);
    // One sentence for the integrator's users: the platform, the account, what to do; no id, no API path.
    assert.match(
      byPlatform.linkedin?.message ?? '',
      /^LinkedIn account “@linkedinuser” needs reconnecting: connect it again, then retry\.$/,
    );
    assert.equal(retried.body.creditsCharged, 1);
    assert.equal(retried.body.status, 'partial');
    assert.equal(await used(), beforeRetry + 1);
    assert.equal(sim.state.listPosts('twitter').filter((p) => p.data.text === content).length, 1);
    assert.deepEqual(await finalEvents(postId), ['post.failed', 'post.partial']);

    // Reconnected: retrying just that account finishes the post.
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ auth_status: 'active' })
      .where('id', '=', li)
      .execute();
    const second = await t.request('POST', `/v1/posts/${postId}/retry`, { integrationIds: [li] });
    assert.equal(second.status, 200, second.text);
    assert.equal(second.body.status, 'published', second.text);
    const post = (await t.request('GET', `/v1/posts/${postId}`)).body.post;
    assert.deepEqual(
      post.platforms.map((p: { status: string }) => p.status),
      ['published', 'published'],
    );
  });

  it('asks the platform first for a target whose post may exist, and never posts it twice', async () => {
    const content = `Maybe there ${dialect} ${Date.now()}`;
    const created = await t.request('POST', '/v1/posts', {
      content,
      platforms: [{ platform: 'twitter', accountId: x }],
      publishNow: true,
    });
    assert.equal(created.body.status, 'published', created.text);
    const postId = created.body.postId as string;
    // As a create whose answer was lost and could not be confirmed leaves it: failed, charge kept.
    const target = await t.ctx.store.db
      .selectFrom('post_targets')
      .selectAll()
      .where('post_id', '=', postId)
      .executeTakeFirstOrThrow();
    await t.ctx.store.db
      .updateTable('post_targets')
      .set({
        status: 'failed',
        platform_post_id: null,
        platform_post_url: null,
        published_at: null,
        error_message:
          'Could not confirm whether the post was created. Check the account before trying again.',
        ledger: JSON.stringify({
          createInFlight: { since: new Date().toISOString(), attempt: 1 },
          reachedPlatform: true,
        }),
      })
      .where('id', '=', target.id)
      .execute();
    await t.ctx.store.db.updateTable('posts').set({ status: 'failed' }).where('id', '=', postId).execute();
    const beforeRetry = await used();
    const retried = await t.request('POST', `/v1/posts/${postId}/retry`, {});
    assert.equal(retried.status, 200, retried.text);
    assert.match(retried.body.platforms[0].message ?? '', /checks with the platform first/);
    assert.equal(retried.body.creditsCharged, 0, 'it kept its charge');
    assert.equal(retried.body.status, 'published', retried.text);
    assert.equal(await used(), beforeRetry);
    assert.equal(sim.state.listPosts('twitter').filter((p) => p.data.text === content).length, 1);
    const after = await t.ctx.store.db
      .selectFrom('post_targets')
      .selectAll()
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    assert.match(after.ledger ?? '', /"via":"reconcile"/);
  });

  it('refuses clearly: unknown post, no failed target, an account not of the post, a post still publishing', async () => {
    assert.equal((await t.request('POST', '/v1/posts/post_nope/retry', {})).status, 404);
    const ok = await t.request('POST', '/v1/posts', {
      content: `All good ${dialect} ${Date.now()}`,
      platforms: [{ platform: 'twitter', accountId: x }],
      publishNow: true,
    });
    const none = await t.request('POST', `/v1/posts/${ok.body.postId}/retry`, {});
    assert.equal(none.status, 409);
    assert.match(none.body.message, /no failed target/);
    const other = await t.request('POST', `/v1/posts/${ok.body.postId}/retry`, {
      integrationIds: ['int_other'],
    });
    assert.equal(other.status, 400);
    assert.match(other.body.message, /"int_other" are not accounts of post/);
    const later = await t.request('POST', '/v1/posts', {
      content: 'later',
      platforms: [{ platform: 'twitter', accountId: x }],
      scheduledFor: FUTURE,
    });
    const busy = await t.request('POST', `/v1/posts/${later.body.postId}/retry`);
    assert.equal(busy.status, 409, busy.text);
  });
});
