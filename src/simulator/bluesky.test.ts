import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { AtpAgent } from '@atproto/api';
import { type Simulator, startSimulator } from './index.ts';
import { call } from './testing.ts';

const xrpc = (sim: Simulator, nsid: string) => `${sim.baseUrl('bluesky')}/xrpc/${nsid}`;

describe('simulator Bluesky sessions', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());
  beforeEach(() => sim.reset());

  const login = (identifier = 'sim-user.bsky.social', password = 'simb-apps-pass-word') =>
    call(xrpc(sim, 'com.atproto.server.createSession'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier, password }),
    });

  it('creates a session with an app password (handle, DID or e-mail) and refuses a wrong one', async () => {
    const s = await login();
    assert.equal(s.status, 200);
    assert.equal(s.body.did, 'did:plc:simbluesky000000000001');
    assert.equal(s.body.handle, 'sim-user.bsky.social');
    const payload = JSON.parse(Buffer.from(s.body.accessJwt.split('.')[1], 'base64url').toString());
    assert.equal(payload.sub, s.body.did);
    assert.ok(payload.exp - payload.iat === 7200);
    assert.equal((await login('did:plc:simbluesky000000000001')).status, 200);
    assert.equal((await login('sim-user@sim.invalid')).status, 200);
    const wrong = await login('sim-user.bsky.social', 'nope-nope-nope-nope');
    assert.deepEqual(
      [wrong.status, wrong.body],
      [401, { error: 'AuthenticationRequired', message: 'Invalid identifier or password' }],
    );
  });

  it('answers ExpiredToken (400) for an expired access token, rotates refresh tokens and refuses reuse', async () => {
    const s = await login();
    const profile = (jwt: string) =>
      call(`${xrpc(sim, 'app.bsky.actor.getProfile')}?actor=sim-user.bsky.social`, {
        headers: { authorization: `Bearer ${jwt}` },
      });
    assert.equal((await profile(s.body.accessJwt)).body.displayName, 'Sim Bluesky User');
    const missing = await call(`${xrpc(sim, 'app.bsky.actor.getProfile')}?actor=nobody.bsky.social`);
    assert.deepEqual([missing.status, missing.body.error], [401, 'AuthMissing']);
    sim.clock.advance(7201 * 1000);
    const expired = await profile(s.body.accessJwt);
    assert.deepEqual(
      [expired.status, expired.body],
      [400, { error: 'ExpiredToken', message: 'Token has expired' }],
    );
    const refresh = (jwt: string) =>
      call(xrpc(sim, 'com.atproto.server.refreshSession'), {
        method: 'POST',
        headers: { authorization: `Bearer ${jwt}` },
      });
    const r1 = await refresh(s.body.refreshJwt);
    assert.equal(r1.status, 200);
    assert.notEqual(r1.body.refreshJwt, s.body.refreshJwt);
    assert.equal((await profile(r1.body.accessJwt)).status, 200);
    const reused = await refresh(s.body.refreshJwt);
    assert.deepEqual([reused.status, reused.body.error], [400, 'ExpiredToken']);
    const accessAsRefresh = await refresh(r1.body.accessJwt);
    assert.deepEqual([accessAsRefresh.status, accessAsRefresh.body.error], [400, 'InvalidToken']);
  });

  it('works with the @atproto/api client: login, read, and refresh on ExpiredToken by itself', async () => {
    const agent = new AtpAgent({ service: sim.blueskyServiceUrl });
    await agent.login({ identifier: 'sim-user.bsky.social', password: 'simb-apps-pass-word' });
    assert.equal(agent.session?.did, 'did:plc:simbluesky000000000001');
    const p = await agent.getProfile({ actor: 'sim-user.bsky.social' });
    assert.equal(p.data.handle, 'sim-user.bsky.social');
    sim.clock.advance(7201 * 1000);
    const again = await agent.getProfile({ actor: 'did:plc:simbluesky000000000001' });
    assert.equal(again.data.displayName, 'Sim Bluesky User');
    assert.equal(
      sim.calls.count({ platform: 'bluesky', path: '/xrpc/com.atproto.server.refreshSession' }),
      1,
    );
  });
});
