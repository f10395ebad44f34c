import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createAccessKey, listAccessKeys } from '../../src/domain/projects/keys.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';

forEachDatabase('Access keys with a role', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect);
  });
  after(() => t.close());

  it('lets a read-only key read and answers 403 to a change, saying why', async () => {
    const { accessKey } = await createAccessKey(t.ctx, t.projectId, 'reader', { role: 'viewer' });
    const headers = { 'x-access-key': accessKey };
    assert.equal((await t.request('GET', '/v1/profiles', undefined, headers)).status, 200);
    const denied = await t.request('POST', '/v1/profiles', { name: 'Nope' }, headers);
    assert.equal(denied.status, 403);
    assert.match(denied.body.error, /needs publish access; the access key has the viewer role/);
    const list = await listAccessKeys(t.ctx, t.projectId);
    assert.equal(list.find((k) => k.name === 'reader')?.role, 'viewer');
  });

  it('keeps existing keys at full access', async () => {
    const list = await listAccessKeys(t.ctx, t.projectId);
    assert.ok(list.length > 0);
    for (const k of list.filter((k) => k.name !== 'reader')) assert.equal(k.role, 'owner');
    assert.equal((await t.request('POST', '/v1/profiles', { name: 'Yes' })).status, 201);
  });

  it('refuses an unknown role and a profile of another project', async () => {
    await assert.rejects(createAccessKey(t.ctx, t.projectId, 'x', { role: 'god' as never }), /Unknown role/);
    await assert.rejects(
      createAccessKey(t.ctx, t.projectId, 'x', { profileIds: ['prf_not_ours'] }),
      /Profile prf_not_ours of this project not found/,
    );
  });
});
