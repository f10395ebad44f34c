import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';

forEachDatabase('project API: the project of the access key', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect, { settings: { ROLE: 'api' } });
  });
  after(() => t.close());

  it('answers the id and name of the key’s project', async () => {
    const res = await t.request('GET', '/v1/project');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.success, true);
    assert.equal(res.body.project.id, t.projectId);
    assert.equal(res.body.project.name, 'test');
    assert.match(res.body.project.createdAt, /^\d{4}-\d\d-\d\dT/);
  });

  it('is 401 without a valid key (shape A)', async () => {
    const none = await t.request('GET', '/v1/project', undefined, { 'x-access-key': '' });
    assert.equal(none.status, 401);
    assert.equal(none.body.success, false);
    const wrong = await t.request('GET', '/v1/project', undefined, { 'x-access-key': 'sps_nope' });
    assert.equal(wrong.status, 401);
  });
});
