/**
 * The audit log: changes made through the API are recorded with the key that made
 * them and its address, in the same transaction (a refused change leaves no
 * entry); the service's own changes (a post published) as `system`; the CLI's as
 * `cli:<operator>`; secrets never; filters, paging, who may read it, and retention.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { actingAs } from '../../src/domain/audit/actor.ts';
import { sweepAuditLog } from '../../src/domain/audit/retention.ts';
import { createAccessKey } from '../../src/domain/projects/keys.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { FUTURE } from '../posts-fixtures.ts';

forEachDatabase('audit log', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let x: string;
  let keyId: string;
  const xUser = `16000000000000${dialect === 'sqlite' ? '05' : '06'}77`;

  const audit = async (query = '') => {
    const res = await t.request('GET', `/v1/audit${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body as {
      total: number;
      entries: {
        actor: { kind: string; name: string; address: string | null };
        action: string;
        object: { type: string; id: string; label: string | null };
        summary: Record<string, unknown> | null;
      }[];
    };
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
    sim.addAccount('twitter', { id: xUser, username: `audit${dialect}`, name: 'Audit' });
    const token = sim.state.issueToken({
      platform: 'twitter',
      kind: 'access',
      clientId: 'sim-twitter-client',
      accountId: xUser,
      scopes: [],
      expiresAt: null,
      grantId: `audit-${dialect}`,
    }).value;
    x = await insertIntegration(t.ctx, t.projectId, 'twitter', { token, platformUserId: xUser });
    const keys = await t.ctx.store.db
      .selectFrom('access_keys')
      .select('id')
      .where('project_id', '=', t.projectId)
      .execute();
    keyId = keys[0]?.id ?? '';
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  it('records a profile created, renamed and deleted by the key, with before and after', async () => {
    const created = await t.request('POST', '/v1/profiles', { name: 'Acme' });
    assert.equal(created.status, 201, created.text);
    const id = created.body.profile?.id ?? created.body.id;
    assert.equal((await t.request('PATCH', `/v1/profiles/${id}`, { name: 'Acme Bakery' })).status, 200);
    assert.equal((await t.request('DELETE', `/v1/profiles/${id}`)).status, 200);
    const { entries } = await audit(`?objectId=${id}`);
    assert.deepEqual(
      entries.map((e) => e.action),
      ['profile.deleted', 'profile.updated', 'profile.created'],
    );
    for (const e of entries) {
      assert.deepEqual(e.actor.kind, 'key');
      assert.equal(e.actor.name, `key:${keyId}`);
      assert.ok(e.actor.address, 'the address is recorded');
    }
    assert.deepEqual(entries[1]?.summary, { name: ['Acme', 'Acme Bakery'] });
    assert.equal(entries[0]?.object.label, 'Acme Bakery');
  });

  it('leaves no entry when the change is refused', async () => {
    const before = (await audit()).total;
    assert.equal((await t.request('PATCH', '/v1/profiles/prof_missing', { name: 'x' })).status, 404);
    assert.equal((await t.request('DELETE', '/v1/notifications/ntf_missing')).status, 404);
    assert.equal((await audit()).total, before);
  });

  it("records a post's life: created, rescheduled, cancelled and deleted", async () => {
    const created = await t.request('POST', '/v1/posts', {
      content: 'Audit me',
      platforms: [{ platform: 'twitter', accountId: x }],
      scheduledFor: FUTURE,
    });
    assert.equal(created.status, 202, created.text);
    const postId = created.body.postId as string;
    const later = FUTURE.replace('09:00', '10:00');
    assert.equal(
      (await t.request('PATCH', `/v1/posts/scheduled/${postId}`, { scheduledFor: later })).status,
      200,
    );
    assert.equal((await t.request('DELETE', `/v1/posts/scheduled/${postId}`)).status, 200);
    assert.equal((await t.request('DELETE', `/v1/posts/${postId}`)).status, 200);
    const { entries } = await audit(`?objectId=${postId}`);
    assert.deepEqual(
      entries.map((e) => e.action),
      ['post.deleted', 'post.cancelled', 'post.rescheduled', 'post.created'],
    );
    assert.equal(entries[3]?.object.label, 'Audit me');
    assert.deepEqual(entries[3]?.summary?.accounts, [x]);
    assert.deepEqual(entries[2]?.summary?.scheduledFor, [
      new Date(FUTURE).toISOString(),
      new Date(later).toISOString(),
    ]);
  });

  it('records a post published by the service itself as system', async () => {
    const created = await t.request('POST', '/v1/posts', {
      content: `Published for the audit ${dialect}`,
      platforms: [{ platform: 'twitter', accountId: x }],
      publishNow: true,
    });
    assert.equal(created.status, 202, created.text);
    assert.equal(created.body.status, 'published', created.text);
    const { entries } = await audit(`?objectId=${created.body.postId}`);
    assert.deepEqual(
      entries.map((e) => [e.action, e.actor.kind, e.actor.name]),
      [
        ['post.published', 'system', 'system'],
        ['post.created', 'key', `key:${keyId}`],
      ],
    );
    assert.deepEqual(entries[0]?.summary, { published: [x], failed: [] });
  });

  it('never records secrets: a rotated webhook secret is only said to be rotated', async () => {
    const created = await t.request('POST', '/v1/notifications', {
      channel: 'webhook',
      eventTypes: ['post.published'],
      webhook: { url: 'https://hooks.example.com/in?token=abc123' },
    });
    assert.equal(created.status, 201, created.text);
    const id = created.body.notification.id;
    const rotated = await t.request('PATCH', `/v1/notifications/${id}`, { webhook: { rotateSecret: true } });
    assert.equal(rotated.status, 200, rotated.text);
    const { entries } = await audit(`?objectId=${id}`);
    assert.deepEqual(
      entries.map((e) => e.action),
      ['notification.updated', 'notification.created'],
    );
    assert.deepEqual(entries[0]?.summary, { webhookSecret: 'rotated' });
    const text = JSON.stringify(entries);
    assert.ok(!text.includes('abc123'), 'no query string of the webhook address');
    assert.ok(!text.includes('whsec'), 'no secret');
  });

  it('records the operator as cli:<name> and filters by actor, action family and time', async () => {
    const made = await actingAs({ kind: 'cli', who: 'cli:ops', address: null }, () =>
      createAccessKey(t.ctx, t.projectId, 'from the cli'),
    );
    const byCli = await audit('?actor=cli:ops');
    assert.deepEqual(
      byCli.entries.map((e) => [e.action, e.object.id, e.actor.kind]),
      [['key.created', made.keyId, 'cli']],
    );
    const posts = await audit('?action=post.');
    assert.ok(posts.entries.length >= 5);
    assert.ok(posts.entries.every((e) => e.action.startsWith('post.')));
    const future = await audit(`?from=${encodeURIComponent(FUTURE)}`);
    assert.equal(future.total, 0);
    const paged = await audit('?limit=2&offset=1');
    assert.equal(paged.entries.length, 2);
    assert.ok(paged.total > 3);
  });

  it('is read by owners and admins with every profile only', async () => {
    const viewer = await createAccessKey(t.ctx, t.projectId, 'viewer', { role: 'viewer' });
    const editor = await createAccessKey(t.ctx, t.projectId, 'editor', { role: 'editor' });
    const admin = await createAccessKey(t.ctx, t.projectId, 'admin', { role: 'admin' });
    const profile = (await t.request('POST', '/v1/profiles', { name: 'Scoped' })).body;
    const scoped = await createAccessKey(t.ctx, t.projectId, 'scoped admin', {
      role: 'admin',
      profileIds: [profile.profile?.id ?? profile.id],
    });
    const as = (key: string) => t.request('GET', '/v1/audit', undefined, { 'x-access-key': key });
    assert.equal((await as(viewer.accessKey)).status, 403);
    assert.equal((await as(editor.accessKey)).status, 403);
    assert.equal((await as(admin.accessKey)).status, 200);
    const limited = await as(scoped.accessKey);
    assert.equal(limited.status, 403);
    assert.match(limited.body.message, /limited to some profiles/);
  });

  it('refuses a malformed filter with 400', async () => {
    assert.equal((await t.request('GET', '/v1/audit?from=yesterday')).status, 400);
    assert.equal((await t.request('GET', '/v1/audit?action=DROP%20TABLE')).status, 400);
  });

  it('removes entries older than AUDIT_RETENTION_DAYS', async () => {
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await t.ctx.store.db
      .insertInto('audit_log')
      .values({
        id: `aud_old_${dialect}`,
        project_id: t.projectId,
        at: old,
        actor_kind: 'system',
        actor: 'system',
        address: null,
        action: 'post.published',
        object_type: 'post',
        object_id: 'post_old',
        object_label: null,
        summary: null,
      })
      .execute();
    const total = (await audit()).total;
    assert.equal(await sweepAuditLog(t.ctx), 1);
    assert.equal((await audit()).total, total - 1);
  });
});
