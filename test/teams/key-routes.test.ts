import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createAccessKey } from '../../src/domain/projects/keys.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';

forEachDatabase('Access key routes', (dialect) => {
  let t: TestService;
  let profileA: string;
  let profileB: string;
  const as = (key: string) => ({ 'x-access-key': key });
  before(async () => {
    t = await startTestService(dialect);
    profileA = (await t.request('POST', '/v1/profiles', { name: 'A' })).body.profile.id;
    profileB = (await t.request('POST', '/v1/profiles', { name: 'B' })).body.profile.id;
  });
  after(() => t.close());

  it('creates a key shown once, lists it without the key, and revokes it (401 from then on)', async () => {
    const created = await t.request('POST', '/v1/keys', {
      name: 'script',
      role: 'editor',
      profileIds: [profileA],
    });
    assert.equal(created.status, 201, created.text);
    assert.match(created.body.accessKey, /^sps_/);
    assert.equal(created.body.key.role, 'editor');
    assert.deepEqual(created.body.key.profileIds, [profileA]);
    const list = await t.request('GET', '/v1/keys');
    const listed = list.body.keys.find((k: { id: string }) => k.id === created.body.key.id);
    assert.equal(listed.name, 'script');
    assert.ok(!list.text.includes(created.body.accessKey), 'the list shows the key itself');
    assert.equal((await t.request('GET', '/v1/posts', undefined, as(created.body.accessKey))).status, 200);
    const revoked = await t.request('DELETE', `/v1/keys/${created.body.key.id}`);
    assert.equal(revoked.status, 200, revoked.text);
    assert.ok(revoked.body.key.revokedAt);
    assert.equal((await t.request('GET', '/v1/posts', undefined, as(created.body.accessKey))).status, 401);
    assert.equal((await t.request('DELETE', `/v1/keys/${created.body.key.id}`)).status, 404);
  });

  it('lets an admin create keys up to admin, not owner, and not revoke an owner key', async () => {
    const admin = (await createAccessKey(t.ctx, t.projectId, 'admin', { role: 'admin' })).accessKey;
    const owner = await t.request('POST', '/v1/keys', { role: 'owner' }, as(admin));
    assert.equal(owner.status, 403);
    assert.match(owner.body.message, /admin role can not create a key with the owner role/);
    const same = await t.request('POST', '/v1/keys', { name: 'another admin' }, as(admin));
    assert.equal(same.status, 201, same.text);
    assert.equal(same.body.key.role, 'admin', "the role defaults to the caller's");
    const ownerKey = (await createAccessKey(t.ctx, t.projectId, 'owner 2')).keyId;
    const denied = await t.request('DELETE', `/v1/keys/${ownerKey}`, undefined, as(admin));
    assert.equal(denied.status, 403);
  });

  it('refuses the key routes to an editor (403: manage access)', async () => {
    const editor = (await createAccessKey(t.ctx, t.projectId, 'editor', { role: 'editor' })).accessKey;
    const res = await t.request('GET', '/v1/keys', undefined, as(editor));
    assert.equal(res.status, 403);
    assert.match(res.body.message, /needs manage access; the access key has the editor role/);
  });

  it('gives a profile-limited caller keys no wider than itself, and hides the others', async () => {
    const limited = (await createAccessKey(t.ctx, t.projectId, 'A only', { profileIds: [profileA] }))
      .accessKey;
    const dflt = await t.request('POST', '/v1/keys', { name: 'inherits A' }, as(limited));
    assert.equal(dflt.status, 201, dflt.text);
    assert.deepEqual(dflt.body.key.profileIds, [profileA]);
    const wider = await t.request('POST', '/v1/keys', { profileIds: [profileA, profileB] }, as(limited));
    assert.equal(wider.status, 404);
    assert.equal(wider.body.message, `Profile ${profileB} of this project not found`);
    const unknown = await t.request('POST', '/v1/keys', { profileIds: ['prof_unknown'] }, as(limited));
    assert.equal(unknown.body.message, 'Profile prof_unknown of this project not found');
    const list = await t.request('GET', '/v1/keys', undefined, as(limited));
    for (const k of list.body.keys) assert.deepEqual(k.profileIds, [profileA]);
    const full = (await t.request('GET', '/v1/keys')).body.keys.find(
      (k: { profileIds: unknown }) => k.profileIds === null,
    );
    assert.equal((await t.request('DELETE', `/v1/keys/${full.id}`, undefined, as(limited))).status, 404);
  });
});
