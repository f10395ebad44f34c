/**
 * Answers as clients generated from the contract expect them, on SQLite and
 * PostgreSQL: GET /v1/usage with another project's profile or integration is 404
 * (Shape A) and its categories add up to each month's count, refunds under the
 * charge they return; the lookups without accountId use the project's only
 * account of the platform (400 naming them when there are several, 404 when
 * none) and answer a platform's rate limit as 429 with its wait; fields the
 * contract does not list in platformSpecificData are refused naming the field
 * and the platform; PATCH /v1/connect/integrations/{id} never conflicts with a
 * profile delete (404 or unassigned, never a dangling profile); the 503 of AI and
 * connect start is readable as either error shape.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { chargeCredits, refundTargets } from '../src/domain/credits/balance.ts';
import { createProject } from '../src/domain/projects/projects.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { addIntegration } from './posts-fixtures.ts';

forEachDatabase('wire-exact answers', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let other: { projectId: string; accessKey: string };
  before(async () => {
    sim = await startSimulator();
    t = await startTestService(dialect, { settings: { SIMULATOR_URL: sim.url } });
    other = await createProject(t.ctx, 'other');
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  const charge = (lines: Parameters<typeof chargeCredits>[3], projectId = t.projectId) =>
    t.ctx.store.db.transaction().execute((trx) => chargeCredits(trx, t.ctx, projectId, lines));

  it("usage: another project's profile or integration is 404 in Shape A; one of this project is 200", async () => {
    const theirProfile = (
      await t.request('POST', '/v1/profiles', { name: 'theirs' }, { 'x-access-key': other.accessKey })
    ).body.profile.id as string;
    const theirAccount = await addIntegration(t.ctx, other.projectId, 'twitter');
    for (const q of [
      `profileId=${theirProfile}`,
      `integrationId=${theirAccount}`,
      'profileId=prof_nope',
      'integrationId=int_nope',
    ]) {
      const res = await t.request('GET', `/v1/usage?${q}`);
      assert.equal(res.status, 404, `${q}: ${res.text}`);
      assert.deepEqual(Object.keys(res.body).sort(), ['message', 'success']);
      assert.equal(res.body.success, false);
    }
    const mine = (await t.request('POST', '/v1/profiles', { name: 'mine' })).body.profile.id as string;
    const myAccount = await addIntegration(t.ctx, t.projectId, 'twitter', { profileId: mine });
    for (const q of [`profileId=${mine}`, `integrationId=${myAccount}`]) {
      const res = await t.request('GET', `/v1/usage?${q}`);
      assert.equal(res.status, 200, `${q}: ${res.text}`);
      assert.deepEqual(res.body.usage, []);
    }
    // A disconnected integration of the project still has its history.
    await t.request('DELETE', `/v1/connect/integrations/${myAccount}`);
    const gone = await t.request('GET', `/v1/usage?integrationId=${myAccount}`);
    assert.equal(gone.status, 200, gone.text);
  });

  it('usage: every credit has a category, they add up to the count, publishing adds up by platform', async () => {
    const project = await createProject(t.ctx, `usage-${dialect}`);
    const key = { 'x-access-key': project.accessKey };
    await charge(
      [
        { amount: 1, reason: 'post', platform: 'twitter', targetId: 'tgt_a' },
        { amount: 1, reason: 'post', platform: 'facebook', targetId: 'tgt_b' },
        { amount: 1, reason: 'post_edit', platform: 'facebook', targetId: 'tgt_c' },
        { amount: 1, reason: 'platform_delete', platform: 'twitter', targetId: 'tgt_d' },
        { amount: 1, reason: 'analytics_posts' },
        { amount: 1, reason: 'analytics_demographics', platform: 'instagram' },
        { amount: 2, reason: 'ai_write' },
        { amount: 10, reason: 'ai_image' },
        { amount: 3, reason: 'not_a_known_reason' },
      ],
      project.projectId,
    );
    // Refunds count under the charge they return, whatever their own reason says.
    await t.ctx.store.db.transaction().execute(async (trx) => {
      await refundTargets(trx, t.ctx, project.projectId, ['tgt_c'], 'post_edit_refund', ['post_edit']);
      await refundTargets(trx, t.ctx, project.projectId, ['tgt_d'], 'platform_delete_refund', [
        'platform_delete',
      ]);
    });
    const res = await t.request('GET', '/v1/usage', undefined, key);
    assert.equal(res.status, 200, res.text);
    const [month] = res.body.usage;
    assert.equal(month.count, 19);
    assert.deepEqual(month.categories, {
      publishing: 2,
      deletion: 0,
      analytics: 2,
      aiCaption: 2,
      aiImage: 10,
      other: 3,
    });
    assert.deepEqual(month.platform, { twitter: 1, facebook: 1 });
    const sum = Object.values(month.categories as Record<string, number>).reduce((a, b) => a + b, 0);
    assert.equal(sum, month.count);
    const byPlatform = Object.values(month.platform as Record<string, number>).reduce((a, b) => a + b, 0);
    assert.equal(byPlatform, month.categories.publishing);
    assert.equal(res.body.totalUsage, 19);
  });

  it('lookups without accountId: the only account, 400 naming several, 404 with none', async () => {
    const project = await createProject(t.ctx, `lookups-${dialect}`);
    const key = { 'x-access-key': project.accessKey };
    const none = await t.request('GET', '/v1/pinterest/boards', undefined, key);
    assert.equal(none.status, 404, none.text);
    assert.deepEqual(Object.keys(none.body), ['error']);
    assert.match(none.body.error, /No pinterest account.*GET \/v1\/connect\/pinterest/);
    const token = (platform: 'pinterest' | 'tiktok', accountId: string) =>
      sim.state.issueToken({
        platform,
        kind: 'access',
        clientId: `sim-${platform}-client`,
        accountId,
        scopes: platform === 'tiktok' ? ['video.publish'] : ['boards:read'],
        expiresAt: null,
        grantId: `lookup-${platform}-${accountId}`,
      }).value;
    const pinUser = '549755885175'; // the simulator's seeded Pinterest user
    const pin = await insertIntegration(t.ctx, project.projectId, 'pinterest', {
      token: token('pinterest', pinUser),
      platformUserId: pinUser,
    });
    const only = await t.request('GET', '/v1/pinterest/boards', undefined, key);
    const given = await t.request('GET', `/v1/pinterest/boards?accountId=${pin}`, undefined, key);
    assert.equal(given.status, 200, given.text);
    assert.equal(only.status, 200, only.text);
    assert.deepEqual(only.body, given.body);
    const second = await insertIntegration(t.ctx, project.projectId, 'pinterest', { token: 'unused' });
    const several = await t.request('GET', '/v1/pinterest/boards', undefined, key);
    assert.equal(several.status, 400, several.text);
    assert.deepEqual(Object.keys(several.body), ['error']);
    assert.match(several.body.error, /accountId is required/);
    assert.ok(several.body.error.includes(pin) && several.body.error.includes(second), several.body.error);
    // TikTok the same way, and its rate limit is 429 with the wait.
    const tiktokUser = 'sim-tiktok-open-id-0001'; // the simulator's seeded TikTok user
    await insertIntegration(t.ctx, project.projectId, 'tiktok', {
      token: token('tiktok', tiktokUser),
      platformUserId: tiktokUser,
    });
    const info = await t.request('GET', '/v1/tiktok/creator-info', undefined, key);
    assert.equal(info.status, 200, info.text);
    assert.ok(Array.isArray(info.body.data.privacyLevelOptions));
    sim.faults.add({
      platform: 'tiktok',
      path: /creator_info\/query/,
      status: 429,
      body: { data: {}, error: { code: 'rate_limit_exceeded', message: 'Rate limit exceeded', log_id: 'x' } },
      times: 1,
    });
    const limited = await t.request('GET', '/v1/tiktok/creator-info', undefined, key);
    sim.faults.clear();
    assert.equal(limited.status, 429, limited.text);
    assert.equal(limited.headers['retry-after'], '60');
    assert.deepEqual(Object.keys(limited.body), ['error']);
  });

  it('platformSpecificData fields PostPeer added are accepted; a field nobody defines is refused, naming it and the platform', async () => {
    const ig = await addIntegration(t.ctx, t.projectId, 'instagram');
    const x = await addIntegration(t.ctx, t.projectId, 'twitter');
    const validate = (platform: string, accountId: string, data: object) =>
      t.request('POST', '/v1/posts/validate', {
        content: 'hello',
        publishNow: true,
        mediaItems: [{ type: 'image', url: 'https://cdn.example.com/a.jpg' }],
        platforms: [{ platform, accountId, platformSpecificData: data }],
      });
    for (const [platform, accountId, data] of [
      ['instagram', ig, { contentType: 'story' }],
      ['instagram', ig, { collaborators: ['someone', 'other.one'] }],
      ['twitter', x, { longPost: true }],
    ] as const) {
      const res = await validate(platform, accountId, data);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.valid, true, `${platform} ${JSON.stringify(data)}: ${res.text}`);
    }
    const res = await validate('instagram', ig, { contentTypo: 'story' });
    assert.equal(res.body.valid, false, res.text);
    assert.match(
      res.body.message,
      /platforms\[0\] \(instagram\): platformSpecificData\.contentTypo is not allowed/,
    );
  });

  it('moving an integration and deleting its new profile never leave it on a deleted profile, and never 409', async () => {
    const account = await addIntegration(t.ctx, t.projectId, 'linkedin');
    const move = (profileId: string) =>
      t.request('PATCH', `/v1/connect/integrations/${account}`, { profileId });
    const profileOf = async () =>
      (
        await t.ctx.store.db
          .selectFrom('integrations')
          .select('profile_id')
          .where('id', '=', account)
          .executeTakeFirstOrThrow()
      ).profile_id;
    // Move, then delete: the delete unassigns it.
    const first = (await t.request('POST', '/v1/profiles', { name: 'first' })).body.profile.id as string;
    assert.equal((await move(first)).status, 200);
    assert.equal((await t.request('DELETE', `/v1/profiles/${first}`)).status, 200);
    assert.equal(await profileOf(), null);
    // Delete, then move: 404 in Shape B.
    const second = (await t.request('POST', '/v1/profiles', { name: 'second' })).body.profile.id as string;
    assert.equal((await t.request('DELETE', `/v1/profiles/${second}`)).status, 200);
    const late = await move(second);
    assert.equal(late.status, 404, late.text);
    assert.deepEqual(Object.keys(late.body), ['error']);
    if (dialect !== 'postgres') return;
    // PostgreSQL: a move that arrives while the delete holds the profile waits for it, then answers 404.
    const third = (await t.request('POST', '/v1/profiles', { name: 'third' })).body.profile.id as string;
    let moved: ReturnType<typeof move> | undefined;
    await t.ctx.store.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('profiles').where('id', '=', third).execute();
      moved = move(third);
      // Wait until the move is blocked on the deleted row's lock, then let the delete finish.
      for (;;) {
        const waiting = await sql<{ n: string }>`
          select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and query ilike '%from "profiles"%for update%'`.execute(t.ctx.store.db);
        if (Number(waiting.rows[0]?.n ?? 0) > 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      await trx
        .updateTable('integrations')
        .set({ profile_id: null })
        .where('profile_id', '=', third)
        .execute();
    });
    const blocked = await (moved as ReturnType<typeof move>);
    assert.equal(blocked.status, 404, blocked.text);
    assert.equal(await profileOf(), null);
  });

  it('AI and connect start answer 503 readable as either shape; their 4xx stay Shape A', async () => {
    const plain = await startTestService(dialect);
    try {
      for (const [method, path, body] of [
        ['POST', '/v1/ai/write', { description: 'x' }],
        ['POST', '/v1/ai/image', { description: 'x' }],
        ['GET', '/v1/connect/twitter', undefined],
      ] as const) {
        const res = await plain.request(method, path, body);
        assert.equal(res.status, 503, `${path}: ${res.text}`);
        assert.deepEqual(Object.keys(res.body).sort(), ['error', 'message', 'success']);
        assert.equal(res.body.success, false);
        assert.equal(res.body.error, res.body.message);
      }
      const bad = await plain.request('GET', '/v1/connect/bluesky');
      assert.equal(bad.status, 400);
      assert.deepEqual(Object.keys(bad.body).sort(), ['message', 'success']);
    } finally {
      await plain.close();
    }
  });
});
