import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';

forEachDatabase('GET / in a browser', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect);
  });
  after(() => t.close());

  it('redirects to the API reference, without a key', async () => {
    const res = await t.request('GET', '/', undefined, { 'x-access-key': '' });
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, '/docs/');
    const docs = await t.request('GET', '/docs/', undefined, { 'x-access-key': '' });
    assert.equal(docs.status, 200);
    assert.match(String(docs.headers['content-type']), /text\/html/);
  });
});
