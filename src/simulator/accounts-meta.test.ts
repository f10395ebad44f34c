import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { defaultClient, type Simulator, startSimulator } from './index.ts';
import { call, type Json } from './testing.ts';
import { codeFlow } from './testing-oauth.ts';

describe('simulator Meta accounts (Facebook, Instagram, Threads)', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());
  beforeEach(() => sim.reset());

  const fb = (path: string) => `${sim.baseUrl('facebook')}/v25.0${path}`;
  const longLivedFb = async (): Promise<string> => {
    const short = await codeFlow(sim, 'facebook');
    const q = new URLSearchParams({
      grant_type: 'fb_exchange_token',
      client_id: defaultClient('facebook').clientId,
      client_secret: defaultClient('facebook').clientSecret,
      fb_exchange_token: short.body.access_token,
    });
    const ll = await call(fb(`/oauth/access_token?${q}`));
    assert.equal(ll.status, 200, JSON.stringify(ll.body));
    assert.equal(ll.body.token_type, 'bearer');
    assert.ok(ll.body.expires_in > 5_000_000, 'about 60 days');
    return ll.body.access_token;
  };

  it('exchanges for a long-lived token and lists several Pages with Page tokens that never expire', async () => {
    sim.state.setAuthorizeAs('facebook', '10000000000000002');
    const token = await longLivedFb();
    const pages = await call(
      fb(`/me/accounts?fields=id,name,access_token,tasks,instagram_business_account&limit=2`),
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    assert.equal(pages.status, 200);
    assert.deepEqual(
      pages.body.data.map((p: Json) => p.id),
      ['200000000000002', '200000000000003'],
    );
    assert.ok(pages.body.paging.next, 'a next page');
    const rest = await call(pages.body.paging.next, { headers: { authorization: `Bearer ${token}` } });
    assert.deepEqual(
      rest.body.data.map((p: Json) => p.id),
      ['200000000000004'],
    );
    assert.equal(rest.body.paging.next, undefined);

    const pageToken = pages.body.data[0].access_token as string;
    sim.clock.advance(400 * 86400 * 1000);
    const asPage = await call(fb(`/me?fields=id,name&access_token=${pageToken}`));
    assert.equal(asPage.status, 200);
    assert.deepEqual(asPage.body, { id: '200000000000002', name: 'Sim Shop' });
    const userExpired = await call(fb('/me'), { headers: { authorization: `Bearer ${token}` } });
    assert.equal(userExpired.body.error.code, 190);
    assert.equal(userExpired.body.error.error_subcode, 463);
  });

  it('gives short-lived Page tokens from a short-lived user token, and the same Page token on repeat', async () => {
    const short = (await codeFlow(sim, 'facebook')).body.access_token as string;
    const a = await call(fb(`/me/accounts?access_token=${short}`));
    const b = await call(fb(`/me/accounts?access_token=${short}`));
    assert.equal(a.body.data.length, 1);
    assert.equal(a.body.data[0].access_token, b.body.data[0].access_token);
    const dbg = await call(fb(`/debug_token?input_token=${a.body.data[0].access_token}`));
    assert.equal(dbg.body.data.type, 'PAGE');
    assert.equal(dbg.body.data.is_valid, true);
    assert.ok(dbg.body.data.expires_at > 0);
    const node = await call(fb(`/200000000000001?fields=instagram_business_account&access_token=${short}`));
    assert.equal(node.body.instagram_business_account.id, '17841400000000011');
    const missing = await call(fb(`/999?access_token=${short}`));
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error.code, 100);
  });

  it('answers Graph errors for a missing, garbage or revoked token and a bad code', async () => {
    const none = await call(fb('/me'));
    assert.equal(none.body.error.code, 2500);
    const garbage = await call(fb('/me?access_token=xyz'));
    assert.equal(garbage.body.error.code, 190);
    assert.equal(garbage.body.error.type, 'OAuthException');
    assert.ok(garbage.body.error.fbtrace_id);
    const q = new URLSearchParams({
      client_id: defaultClient('facebook').clientId,
      client_secret: defaultClient('facebook').clientSecret,
      redirect_uri: 'https://app.example/callback',
      code: 'bogus',
    });
    const bad = await call(fb(`/oauth/access_token?${q}`));
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, 100);
    const t = (await codeFlow(sim, 'facebook')).body.access_token;
    sim.state.revokeTokens({ platform: 'facebook' });
    const revoked = await call(fb(`/me?access_token=${t}`));
    assert.equal(revoked.body.error.error_subcode, 458);
  });

  it('Instagram: user_id as a bare number, long-lived exchange, refresh only after 24 h', async () => {
    sim.contracts.expect({
      platform: 'instagram',
      operation: 'oauth.accessToken',
      problem: /must have required property/,
      why: 'the code exchange without any of its fields, to see Instagram refuse it',
    });
    const raw = await fetch(`${sim.baseUrl('instagram')}/oauth/access_token`, { method: 'POST' });
    assert.equal(raw.status, 400);
    assert.equal(((await raw.json()) as Json).error_type, 'OAuthException');

    const short = await codeFlow(sim, 'instagram');
    assert.equal(short.status, 200);
    assert.equal(typeof short.body.user_id, 'number');
    const ig = sim.baseUrl('instagram');
    const ll = await call(
      `${ig}/access_token?grant_type=ig_exchange_token&client_secret=${defaultClient('instagram').clientSecret}&access_token=${short.body.access_token}`,
    );
    assert.equal(ll.status, 200, JSON.stringify(ll.body));
    const long = ll.body.access_token as string;
    const early = await call(`${ig}/refresh_access_token?grant_type=ig_refresh_token&access_token=${long}`);
    assert.equal(early.status, 400);
    sim.clock.advance(25 * 3600 * 1000);
    const ok = await call(`${ig}/refresh_access_token?grant_type=ig_refresh_token&access_token=${long}`);
    assert.equal(ok.status, 200);
    assert.ok(ok.body.expires_in > 5_000_000);
    const me = await call(
      `${ig}/v25.0/me?fields=user_id,username,account_type&access_token=${ok.body.access_token}`,
    );
    assert.deepEqual(me.body, {
      id: '27841400000000001',
      user_id: '17841400000000001',
      username: 'sim_insta',
      account_type: 'BUSINESS',
    });
  });

  it('Threads: long-lived exchange and refresh', async () => {
    const short = await codeFlow(sim, 'threads');
    const th = sim.baseUrl('threads');
    const ll = await call(
      `${th}/access_token?grant_type=th_exchange_token&client_secret=${defaultClient('threads').clientSecret}&access_token=${short.body.access_token}`,
    );
    assert.equal(ll.status, 200);
    sim.clock.advance(2 * 86400 * 1000);
    const r = await call(
      `${th}/refresh_access_token?grant_type=th_refresh_token&access_token=${ll.body.access_token}`,
    );
    assert.equal(r.status, 200);
    const wrongSecret = await call(
      `${th}/access_token?grant_type=th_exchange_token&client_secret=nope&access_token=${r.body.access_token}`,
    );
    assert.equal(wrongSecret.status, 400);
    const me = await call(`${th}/v1.0/me?fields=id,username,name`, {
      headers: { authorization: `Bearer ${r.body.access_token}` },
    });
    assert.deepEqual(me.body, { id: '25000000000000001', username: 'sim_threads', name: 'Sim Threads' });
  });
});
