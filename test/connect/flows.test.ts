/**
 * The connect flow's edges: refusals and broken states come back to the client as
 * `error=<code>` redirects; states are one-time and expire; a customer's own app
 * (BYOK) is used when given; other projects' integrations and apps are 404.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createProject } from '../../src/domain/projects/projects.ts';
import { forEachDatabase } from '../harness.ts';
import {
  authorize,
  CANCEL,
  type ConnectEnv,
  connectLikeAUser,
  connectPath,
  startConnectEnv,
  visitService,
} from './helpers.ts';

forEachDatabase('connect flow errors, BYOK and isolation', (dialect) => {
  let env: ConnectEnv;
  before(async () => {
    env = await startConnectEnv(dialect);
  });
  after(() => env.close());

  it('sends the user to cancelRedirectUri with error=access_denied when they refuse', async () => {
    const done = await connectLikeAUser(env.t, 'twitter', {}, (u) => u.searchParams.set('sim_deny', '1'));
    assert.equal(`${done.origin}${done.pathname}`, CANCEL);
    assert.equal(done.searchParams.get('error'), 'access_denied');
    assert.equal(done.searchParams.get('platform'), 'twitter');
  });

  it('refuses a callback with an unknown state (400, no redirect) and a replayed one (state_used)', async () => {
    const { t } = env;
    const bad = await visitService(t, 'http://localhost/v1/connect/twitter/callback?code=x&state=forged');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.success, false);
    const start = await t.request('GET', connectPath('twitter'));
    const callback = await authorize(start.body.url);
    const first = await visitService(t, callback);
    assert.equal(first.status, 302);
    assert.ok(new URL(String(first.headers.location)).searchParams.get('integrationId'));
    const replay = await visitService(t, callback);
    assert.equal(replay.status, 302);
    const again = new URL(String(replay.headers.location));
    assert.equal(`${again.origin}${again.pathname}`, CANCEL);
    assert.equal(again.searchParams.get('error'), 'state_used');
  });

  it('refuses a state used on another platform', async () => {
    const start = await env.t.request('GET', connectPath('twitter'));
    const state = new URL(start.body.url).searchParams.get('state');
    const res = await visitService(
      env.t,
      `http://localhost/v1/connect/linkedin/callback?code=x&state=${state}`,
    );
    assert.equal(res.status, 400);
  });

  it('answers error=state_expired when the user comes back after the state expired', async () => {
    const { t } = env;
    const start = await t.request('GET', connectPath('twitter'));
    const callback = await authorize(start.body.url);
    const realNow = t.ctx.now;
    t.ctx.now = () => new Date(Date.now() + (t.ctx.config.OAUTH_STATE_TTL_SECONDS + 60) * 1000);
    try {
      const res = await visitService(t, callback);
      const to = new URL(String(res.headers.location));
      assert.equal(to.searchParams.get('error'), 'state_expired');
    } finally {
      t.ctx.now = realNow;
    }
  });

  it('answers token_exchange_failed when the platform refuses the code (PKCE verifier kept server-side)', async () => {
    const { t, sim } = env;
    const start = await t.request('GET', connectPath('twitter'));
    const callback = new URL(await authorize(start.body.url));
    callback.searchParams.set('code', 'not-a-code');
    const res = await visitService(t, callback.toString());
    assert.equal(new URL(String(res.headers.location)).searchParams.get('error'), 'token_exchange_failed');
    const tokenCall = sim.calls.last({ platform: 'twitter', path: '/2/oauth2/token' });
    assert.ok(tokenCall);
    assert.match(String((tokenCall.body as Record<string, string>).code_verifier), /^[A-Za-z0-9_-]{43,128}$/);
  });

  it('checks the connect options: bad redirectUri, unknown profile, unknown app, bluesky', async () => {
    const { t } = env;
    assert.equal((await t.request('GET', '/v1/connect/twitter?redirectUri=notaurl')).status, 400);
    assert.equal((await t.request('GET', '/v1/connect/twitter?profileId=prof_nope')).status, 404);
    assert.equal((await t.request('GET', '/v1/connect/twitter?appId=app_nope')).status, 404);
    assert.equal((await t.request('GET', '/v1/connect/myspace')).status, 400);
    assert.equal((await t.request('GET', '/v1/connect/bluesky')).status, 400);
    assert.equal(
      (await t.request('GET', '/v1/connect/twitter', undefined, { 'x-access-key': '' })).status,
      401,
    );
  });

  it('connects into a profile, moves the integration, and disconnects it', async () => {
    const { t } = env;
    const profile = (await t.request('POST', '/v1/profiles', { name: 'Brand' })).body.profile;
    const done = await connectLikeAUser(t, 'twitter', { profileId: profile.id });
    const id = done.searchParams.get('integrationId');
    const inProfile = await t.request('GET', `/v1/connect/integrations?profileId=${profile.id}`);
    assert.deepEqual(
      inProfile.body.integrations.map((i: { id: string }) => i.id),
      [id],
    );
    const moved = await t.request('PATCH', `/v1/connect/integrations/${id}`, { profileId: null });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.integration.profileId, null);
    assert.equal(moved.body.integration.authStatus, 'active');
    assert.equal(moved.body.integration.authFailureReason, null);
    const unassigned = await t.request('GET', '/v1/connect/integrations?profileId=null&q=SIM_X');
    assert.ok(unassigned.body.integrations.some((i: { id: string }) => i.id === id));
    const noMatch = await t.request('GET', '/v1/connect/integrations?q=nobody-has-this');
    assert.equal(noMatch.body.total, 0);
    const badMove = await t.request('PATCH', `/v1/connect/integrations/${id}`, { profileId: 'prof_unknown' });
    assert.equal(badMove.status, 404);
    assert.deepEqual(Object.keys(badMove.body), ['error']);
    const del = await t.request('DELETE', `/v1/connect/integrations/${id}`);
    assert.deepEqual(del.body, { success: true, message: 'Integration disconnected' });
    assert.ok(env.sim.calls.last({ platform: 'twitter', path: '/2/oauth2/revoke' }), 'token revoked at X');
    assert.equal((await t.request('GET', `/v1/connect/integrations/${id}`)).status, 404);
  });

  it('connects under a customer app (BYOK) and shows it on the integration', async () => {
    const { t, sim } = env;
    sim.addApp('twitter', { clientId: 'byok-x-client', clientSecret: 'byok-x-secret-123' });
    const created = await t.request('POST', '/v1/apps', {
      platform: 'twitter',
      name: 'My X app',
      clientId: 'byok-x-client',
      clientSecret: 'byok-x-secret-123',
      imageUrl: 'https://client.example/logo.png',
    });
    assert.equal(created.status, 201, created.text);
    const app = created.body.app;
    assert.equal(JSON.stringify(created.body).includes('byok-x-secret-123'), false);
    const start = await t.request('GET', connectPath('twitter', { appId: app.id }));
    assert.equal(new URL(start.body.url).searchParams.get('client_id'), 'byok-x-client');
    const done = await visitService(t, await authorize(start.body.url));
    const id = new URL(String(done.headers.location)).searchParams.get('integrationId');
    const read = await t.request('GET', `/v1/connect/integrations/${id}`);
    assert.equal(read.body.integration.appId, app.id);
    assert.equal(read.body.integration.byok, true);
    assert.deepEqual(read.body.integration.app, {
      id: app.id,
      name: 'My X app',
      imageUrl: 'https://client.example/logo.png',
    });
    const tokenCall = sim.calls.last({ platform: 'twitter', path: '/2/oauth2/token' });
    assert.match(String(tokenCall?.headers.authorization), /^Basic /);
    assert.equal(
      Buffer.from(String(tokenCall?.headers.authorization).slice(6), 'base64').toString(),
      'byok-x-client:byok-x-secret-123',
    );
    assert.equal((await t.request('GET', `/v1/apps/${app.id}`)).body.app.integrationCount, 1);
    const del = await t.request('DELETE', `/v1/apps/${app.id}`);
    assert.equal(del.status, 409);
    assert.deepEqual(Object.keys(del.body), ['error']);
    await t.request('DELETE', `/v1/connect/integrations/${id}`);
    assert.equal((await t.request('DELETE', `/v1/apps/${app.id}`)).status, 200);
  });

  it("never shows, moves or deletes another project's integration or app", async () => {
    const { t } = env;
    const done = await connectLikeAUser(t, 'twitter');
    const id = done.searchParams.get('integrationId');
    const app = (
      await t.request('POST', '/v1/apps', {
        platform: 'linkedin',
        name: 'L',
        clientId: 'iso-client',
        clientSecret: 's',
      })
    ).body.app;
    const other = await createProject(t.ctx, 'other');
    const as = { 'x-access-key': other.accessKey };
    for (const [method, url, body] of [
      ['GET', `/v1/connect/integrations/${id}`],
      ['PATCH', `/v1/connect/integrations/${id}`, { profileId: null }],
      ['DELETE', `/v1/connect/integrations/${id}`],
      ['GET', `/v1/apps/${app.id}`],
      ['PATCH', `/v1/apps/${app.id}`, { name: 'x' }],
      ['DELETE', `/v1/apps/${app.id}`],
      ['GET', connectPath('linkedin', { appId: app.id })],
      ['GET', `/v1/pinterest/boards?accountId=${id}`],
    ] as const) {
      const res = await t.request(method, url, body, as);
      assert.equal(res.status, 404, `${method} ${url}`);
    }
    assert.equal((await t.request('GET', '/v1/connect/integrations', undefined, as)).body.total, 0);
    assert.equal((await t.request('GET', '/v1/apps', undefined, as)).body.total, 0);
    assert.equal((await t.request('GET', `/v1/connect/integrations/${id}`)).status, 200);
  });
});
