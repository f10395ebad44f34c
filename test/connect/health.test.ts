/**
 * Account health (the integration read's `health`, GET /v1/connect/integrations/health)
 * and the platforms' operational state (GET /v1/platforms `operational`), end to end
 * through the simulator on SQLite and PostgreSQL: a connected account that publishes,
 * one whose granted scopes lack publishing, one that must reconnect, one the
 * platform's quota holds back, and platform-caused failures against the thresholds.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { countOutcomes } from '../../src/domain/health/platform-state.ts';
import { type FixtureServer, mp4Stub, startFixtureServer } from '../../src/media/testing.ts';
import { forEachDatabase } from '../harness.ts';
import { connectSimulated } from '../publishing-e2e.ts';
import { until } from '../shared-store.ts';
import { type ConnectEnv, connectLikeAUser, startConnectEnv } from './helpers.ts';

forEachDatabase('account health and platform state', (dialect) => {
  let env: ConnectEnv;
  let fixtures: FixtureServer;
  before(async () => {
    fixtures = await startFixtureServer();
    env = await startConnectEnv(dialect, {
      JOBS_POLL_MS: '20',
      PUBLISH_WAIT_MS: '0',
      PLATFORM_HEALTH_CACHE_SECONDS: '0',
    });
  });
  after(async () => {
    await env.close();
    await fixtures.close();
  });

  const health = async (id: string) => {
    const res = await env.t.request('GET', `/v1/connect/integrations/${id}`);
    assert.equal(res.status, 200, res.text);
    return res.body.integration.health;
  };
  const platformState = async (name: string) => {
    const res = await env.t.request('GET', '/v1/platforms');
    assert.equal(res.status, 200, res.text);
    return res.body.platforms.find((p: { name: string }) => p.name === name).operational;
  };

  it('a freshly connected account can publish; after a post its last outcome shows, and the platform counts it', async () => {
    const { t } = env;
    const done = await connectLikeAUser(t, 'twitter');
    const id = done.searchParams.get('integrationId') ?? '';
    const read = await t.request('GET', `/v1/connect/integrations/${id}`);
    // The contract's fields are all still there.
    for (const field of ['id', 'platform', 'scopes', 'accessTokenExpiresAt', 'tokenStatus', 'updatedAt'])
      assert.ok(field in read.body.integration, field);
    const h = read.body.integration.health;
    assert.equal(h.canPublish, true);
    assert.equal(h.reason, null);
    assert.equal(h.refreshable, true);
    assert.equal(h.tokenExpiresAt, read.body.integration.accessTokenExpiresAt);
    assert.deepEqual(h.missingCapabilities, []);
    assert.equal(h.lastPublish, null);
    assert.equal(h.rateLimited, false);

    const before = (await platformState('twitter')).attempts;
    const post = await t.request('POST', '/v1/posts', {
      content: `Health ${dialect} ${Date.now()}`,
      platforms: [{ platform: 'twitter', accountId: id }],
      publishNow: true,
    });
    assert.equal(post.status, 202, post.text);
    await until(async () => (await health(id)).lastPublish?.status === 'published', 20_000);
    const after = await platformState('twitter');
    assert.equal(after.attempts, before + 1);
    assert.equal(after.state, 'operational');
    assert.equal(after.windowMinutes, 30);
    assert.ok(Date.parse(after.until) - Date.parse(after.since) <= 30 * 60_000);
  });

  it('names what the granted scopes lack, and what to do when only the user can restore access', async () => {
    const { t, sim } = env;
    const noPublish = await connectSimulated(t, sim, 'facebook', '10000000000000001', {
      platformUserId: '200000000000001',
    });
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ scopes: JSON.stringify(['pages_show_list', 'pages_read_engagement']) })
      .where('id', '=', noPublish)
      .execute();
    const h = await health(noPublish);
    assert.equal(h.canPublish, false);
    assert.ok(h.missingCapabilities.includes('publish'), JSON.stringify(h));
    assert.ok(h.missingCapabilities.includes('comments'));
    assert.ok(h.missingScopes.includes('pages_manage_posts'));
    assert.match(h.reason, /did not grant what publishing needs: .*pages_manage_posts/);
    assert.match(h.action, /GET \/v1\/connect\/facebook/);

    const revoked = await connectSimulated(t, sim, 'pinterest', '549755885175');
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ auth_status: 'revoked', auth_failure_reason: 'token_revoked' })
      .where('id', '=', revoked)
      .execute();
    const r = await health(revoked);
    assert.equal(r.canPublish, false);
    assert.match(r.reason, /revoked/);
    assert.match(r.action, /Connect it again/);
    assert.equal(r.refreshable, false);

    // The compact list answers the same, filtered and paged like the other lists.
    const list = await t.request('GET', '/v1/connect/integrations/health?profileId=null&limit=100');
    assert.equal(list.status, 200, list.text);
    const entry = list.body.accounts.find((a: { integrationId: string }) => a.integrationId === revoked);
    assert.equal(entry.platform, 'pinterest');
    assert.equal(entry.authStatus, 'revoked');
    assert.equal(entry.canPublish, false);
    assert.equal(list.body.total, list.body.accounts.length);
    const page = await t.request('GET', '/v1/connect/integrations/health?limit=1&offset=1&sort=asc');
    assert.equal(page.body.accounts.length, 1);
    assert.equal(page.body.total, list.body.total);
    const profile = await t.request('POST', '/v1/profiles', { name: `health ${Date.now()}` });
    await t.request('PATCH', `/v1/connect/integrations/${revoked}`, { profileId: profile.body.profile.id });
    const mine = await t.request(
      'GET',
      `/v1/connect/integrations/health?profileId=${profile.body.profile.id}`,
    );
    assert.deepEqual(
      mine.body.accounts.map((a: { integrationId: string }) => a.integrationId),
      [revoked],
    );
  });

  it('says when the platform holds an account back for its rate limit or quota, and until when', async () => {
    const { t, sim } = env;
    sim.state.collection('youtube', 'settings').set('processingMs', 0);
    sim.state.collection('youtube', 'settings').set('quotaLimit', 50);
    const youtube = await connectSimulated(t, sim, 'youtube', '110000000000000000001', {
      platformUserId: 'UCsimchannel000000000001',
    });
    const clip = fixtures.set(`/health/${dialect}.mp4`, mp4Stub(64 * 1024), 'video/mp4');
    const res = await t.request('POST', '/v1/posts', {
      content: `Quota ${dialect} ${Date.now()}`,
      mediaItems: [{ type: 'video', url: clip }],
      platforms: [{ platform: 'youtube', accountId: youtube, platformSpecificData: { title: 'Quota' } }],
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    await until(async () => (await health(youtube)).rateLimited, 20_000);
    const h = await health(youtube);
    assert.ok(Date.parse(h.rateLimitedUntil) > Date.now());
    assert.equal(h.canPublish, true, 'a wait only delays publishing');
    // Cancel the waiting post: nothing is left running.
    await t.request('DELETE', `/v1/posts/${res.body.postId}`);
    sim.state.collection('youtube', 'settings').set('quotaLimit', 10_000);
  });

  it('a platform is degraded or in an outage by the share of failures it caused; refused content does not count', async () => {
    const { t } = env;
    const count = (platform: string, n: number, errorClass?: string) =>
      t.ctx.store.db.transaction().execute((trx) =>
        countOutcomes(
          trx,
          new Date(),
          Array.from({ length: n }, () => ({ platform, failed: errorClass !== undefined, errorClass })),
        ),
      );
    // Too few outcomes say nothing.
    await count('tiktok', 3, 'transient');
    assert.equal((await platformState('tiktok')).state, 'operational');
    await count('tiktok', 7);
    const tiktok = await platformState('tiktok');
    assert.equal(tiktok.attempts, 10);
    assert.equal(tiktok.errorRate, 0.3);
    assert.equal(tiktok.state, 'degraded');
    await count('threads', 6, 'unknown_outcome');
    await count('threads', 4);
    assert.equal((await platformState('threads')).state, 'outage');
    // The user's content or token is not the platform's failure.
    await count('linkedin', 10, 'permanent');
    await count('linkedin', 10, 'refresh_failed');
    const linkedin = await platformState('linkedin');
    assert.equal(linkedin.attempts, 20);
    assert.equal(linkedin.errorRate, 0);
    assert.equal(linkedin.state, 'operational');
  });

  it('documents its errors: unknown id 404, bad query 400, no key 401', async () => {
    const { t } = env;
    const unknown = await t.request('GET', '/v1/connect/integrations/int_nope');
    assert.equal(unknown.status, 404);
    assert.deepEqual(Object.keys(unknown.body), ['error']);
    for (const q of ['limit=0', 'limit=101', 'offset=-1', 'sort=up', 'platform=myspace', 'extra=1']) {
      const bad = await t.request('GET', `/v1/connect/integrations/health?${q}`);
      assert.equal(bad.status, 400, q);
      assert.deepEqual(Object.keys(bad.body), ['error']);
    }
    const noKey = await t.request('GET', '/v1/connect/integrations/health', undefined, {
      'x-access-key': '',
    });
    assert.equal(noKey.status, 401);
  });
});
