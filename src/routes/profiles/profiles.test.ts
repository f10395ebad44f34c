import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { createProject } from '../../domain/projects/projects.ts';

forEachDatabase('profiles API', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect);
  });
  after(() => t.close());

  it('creates, reads, lists, updates and deletes a profile', async () => {
    const created = await t.request('POST', '/v1/profiles/', { name: 'Brand A', description: 'main' });
    assert.equal(created.status, 201);
    assert.equal(created.body.success, true);
    const p = created.body.profile;
    assert.match(p.id, /^prof_/);
    assert.deepEqual(
      { name: p.name, description: p.description, integrationCount: p.integrationCount },
      {
        name: 'Brand A',
        description: 'main',
        integrationCount: 0,
      },
    );
    assert.match(p.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const read = await t.request('GET', `/v1/profiles/${p.id}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.profile, p);

    await t.request('POST', '/v1/profiles', { name: 'Other' });
    const list = await t.request('GET', '/v1/profiles?name=brand&limit=10');
    assert.equal(list.status, 200);
    assert.equal(list.body.total, 1);
    assert.equal(list.body.page, 1);
    assert.equal(list.body.limit, 10);
    assert.equal(list.body.profiles[0].id, p.id);

    const all = await t.request('GET', '/v1/profiles?page=2&limit=1');
    assert.equal(all.body.total, 2);
    assert.equal(all.body.profiles.length, 1);

    const updated = await t.request('PATCH', `/v1/profiles/${p.id}`, { name: 'Brand B', description: null });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.profile.name, 'Brand B');
    assert.equal(updated.body.profile.description, null);

    const del = await t.request('DELETE', `/v1/profiles/${p.id}`);
    assert.equal(del.status, 200);
    assert.equal(del.body.success, true);
    const gone = await t.request('GET', `/v1/profiles/${p.id}`);
    assert.equal(gone.status, 404);
    assert.deepEqual(gone.body, { error: 'Profile not found' });
  });

  it('counts integrations and unassigns them when the profile is deleted', async () => {
    const p = (await t.request('POST', '/v1/profiles', { name: 'With accounts' })).body.profile;
    const now = new Date().toISOString();
    for (const n of [1, 2]) {
      await t.ctx.store.db
        .insertInto('integrations')
        .values({
          id: `int_${dialect}_${n}`,
          project_id: t.projectId,
          profile_id: p.id,
          platform: 'twitter',
          platform_user_id: `u${n}`,
          username: null,
          display_name: null,
          profile_url: null,
          image_url: null,
          platform_metadata: '{}',
          app_id: null,
          scopes: '[]',
          access_token_enc: null,
          refresh_token_enc: null,
          access_token_expires_at: null,
          refresh_token_expires_at: null,
          auth_status: 'active',
          auth_failure_reason: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    assert.equal((await t.request('GET', `/v1/profiles/${p.id}`)).body.profile.integrationCount, 2);
    await t.request('DELETE', `/v1/profiles/${p.id}`);
    const rows = await t.ctx.store.db
      .selectFrom('integrations')
      .select('profile_id')
      .where('project_id', '=', t.projectId)
      .execute();
    assert.ok(rows.length === 2 && rows.every((r) => r.profile_id === null));
  });

  it('answers errors in shape B with the documented statuses', async () => {
    const missing = await t.request('POST', '/v1/profiles', { description: 'x', extra: 1 });
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.body, { error: 'name is required; extra is not allowed' });

    const wrongType = await t.request('POST', '/v1/profiles', { name: 'x', description: 5 });
    assert.deepEqual(wrongType.body, { error: 'description must be a string or null' });

    const badLimit = await t.request('GET', '/v1/profiles?limit=500');
    assert.equal(badLimit.status, 400);
    assert.deepEqual(badLimit.body, { error: 'query parameter limit must be <= 100' });

    const noKey = await t.request('GET', '/v1/profiles', undefined, { 'x-access-key': '' });
    assert.equal(noKey.status, 401);
    assert.deepEqual(noKey.body, { error: 'Missing x-access-key header' });

    const badKey = await t.request('GET', '/v1/profiles', undefined, { 'x-access-key': 'sps_nope' });
    assert.equal(badKey.status, 401);
    assert.ok(typeof badKey.body.error === 'string');

    assert.equal((await t.request('PATCH', '/v1/profiles/prof_unknown', { name: 'x' })).status, 404);
    assert.equal((await t.request('DELETE', '/v1/profiles/prof_unknown')).status, 404);
  });

  it("never shows or changes another project's profile", async () => {
    const mine = (await t.request('POST', '/v1/profiles', { name: 'Mine' })).body.profile;
    const other = await createProject(t.ctx, 'other');
    const as = { 'x-access-key': other.accessKey };
    assert.equal((await t.request('GET', `/v1/profiles/${mine.id}`, undefined, as)).status, 404);
    assert.equal((await t.request('PATCH', `/v1/profiles/${mine.id}`, { name: 'x' }, as)).status, 404);
    assert.equal((await t.request('DELETE', `/v1/profiles/${mine.id}`, undefined, as)).status, 404);
    assert.equal((await t.request('GET', '/v1/profiles', undefined, as)).body.total, 0);
    assert.equal((await t.request('GET', `/v1/profiles/${mine.id}`)).body.profile.name, 'Mine');
  });
});
