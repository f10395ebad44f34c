/** OAuth apps (bring your own keys): the API and its rules. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';

forEachDatabase('OAuth apps API', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect);
  });
  after(() => t.close());

  it('creates (201), lists, reads, updates and deletes an app; the secret never comes back', async () => {
    const created = await t.request('POST', '/v1/apps/', {
      platform: 'linkedin',
      name: 'Agency LinkedIn',
      clientId: 'li-client-1',
      clientSecret: 'li-secret-very-private',
    });
    assert.equal(created.status, 201, created.text);
    const app = created.body.app;
    assert.match(app.id, /^app_/);
    assert.deepEqual(
      {
        platform: app.platform,
        name: app.name,
        clientId: app.clientId,
        imageUrl: app.imageUrl,
        n: app.integrationCount,
      },
      { platform: 'linkedin', name: 'Agency LinkedIn', clientId: 'li-client-1', imageUrl: null, n: 0 },
    );
    assert.equal(created.text.includes('li-secret'), false);
    assert.equal('clientSecret' in app, false);

    await t.request('POST', '/v1/apps', {
      platform: 'twitter',
      name: 'X one',
      clientId: 'x-1',
      clientSecret: 's',
    });
    const list = await t.request('GET', '/v1/apps?platform=linkedin');
    assert.equal(list.status, 200);
    assert.equal(list.body.total, 1);
    assert.equal(list.body.apps[0].id, app.id);
    const byName = await t.request('GET', '/v1/apps?name=x%20ONE&page=1&limit=10');
    assert.equal(byName.body.total, 1);
    assert.equal(byName.body.limit, 10);

    const patched = await t.request('PATCH', `/v1/apps/${app.id}`, {
      name: 'Renamed',
      imageUrl: 'https://client.example/a.png',
      clientSecret: 'rotated-secret',
    });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.app.name, 'Renamed');
    assert.equal(patched.body.app.imageUrl, 'https://client.example/a.png');
    assert.equal(patched.text.includes('rotated-secret'), false);
    const raw = await t.ctx.store.db
      .selectFrom('oauth_apps')
      .selectAll()
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    assert.equal(t.ctx.sealer.open(raw.client_secret_enc), 'rotated-secret');

    const immutable = await t.request('PATCH', `/v1/apps/${app.id}`, { clientId: 'other' });
    assert.equal(immutable.status, 400);
    assert.deepEqual(immutable.body, { error: 'clientId is not allowed' });

    assert.equal((await t.request('DELETE', `/v1/apps/${app.id}`)).status, 200);
    const gone = await t.request('GET', `/v1/apps/${app.id}`);
    assert.equal(gone.status, 404);
    assert.deepEqual(gone.body, { error: 'App not found' });
  });

  it('refuses a duplicate clientId for the same platform (409) but not for another platform', async () => {
    const body = { platform: 'pinterest', name: 'P', clientId: 'dup-client', clientSecret: 's' };
    assert.equal((await t.request('POST', '/v1/apps', body)).status, 201);
    const dup = await t.request('POST', '/v1/apps', { ...body, name: 'P2' });
    assert.equal(dup.status, 409);
    assert.ok(typeof dup.body.error === 'string');
    assert.equal((await t.request('POST', '/v1/apps', { ...body, platform: 'tiktok' })).status, 201);
  });

  it('validates the body in shape B', async () => {
    const missing = await t.request('POST', '/v1/apps', { platform: 'twitter', name: 'x' });
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.body, { error: 'clientId is required; clientSecret is required' });
    const badPlatform = await t.request('POST', '/v1/apps', {
      platform: 'myspace',
      name: 'x',
      clientId: 'a',
      clientSecret: 'b',
    });
    assert.equal(badPlatform.status, 400);
    const bluesky = await t.request('POST', '/v1/apps', {
      platform: 'bluesky',
      name: 'x',
      clientId: 'a',
      clientSecret: 'b',
    });
    assert.equal(bluesky.status, 400);
    assert.equal((await t.request('GET', '/v1/apps', undefined, { 'x-access-key': '' })).status, 401);
  });
});
