import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { PLATFORMS } from '../platforms/names.ts';
import { json } from './core/http.ts';
import { numericId } from './core/ids.ts';
import { authOf, type Simulator, startSimulator } from './index.ts';
import { call, type Json } from './testing.ts';

/** A token for the default X user, issued directly (the OAuth flow has its own tests). */
const xToken = (sim: Simulator): string =>
  sim.state.issueToken({
    platform: 'twitter',
    kind: 'access',
    clientId: 'sim-twitter-client',
    accountId: '1500000000000000001',
    scopes: ['tweet.write'],
    grantId: 'g1',
    expiresAt: sim.clock.now() + 3600_000,
  }).value;

describe('simulator framework', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({
      // Off on purpose: these tests drive the simulator's own machinery (faults, the
      // call log, persistence) through a made-up route (/twitter/test/posts) that is no
      // call of X's API; the platforms' calls are checked by every other test.
      contracts: false,
      extraModules: [
        {
          platform: 'twitter',
          register: (r, s) => {
            // A committing endpoint like a real create-post call.
            r.post(
              '/test/posts',
              (req) => {
                const post = s.state.createPost(
                  'twitter',
                  authOf(req).account.id,
                  { body: req.body },
                  { id: numericId() },
                );
                return json(201, { data: { id: post.id } });
              },
              { auth: true },
            );
          },
        },
      ],
    });
  });
  after(() => sim.close());
  beforeEach(() => sim.reset());

  const postTest = (token: string) =>
    call(`${sim.url}/twitter/test/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hello' }),
    });

  it('serves every platform under its prefix and lists them on /_sim', async () => {
    const r = await call(`${sim.url}/_sim`);
    assert.equal(r.status, 200);
    assert.equal(r.body.platforms.length, PLATFORMS.length);
    assert.equal(sim.baseUrl('facebook'), `${sim.url}/facebook`);
    assert.ok(
      r.body.platforms.some(
        (p: Json) => p.name === 'googlebusiness' && p.baseUrl === `${sim.url}/googlebusiness`,
      ),
    );
    const unknown = await call(`${sim.url}/nowhere/x`);
    assert.equal(unknown.status, 404);
  });

  it('records calls with platform, path, query, headers, body, account and status', async () => {
    const token = xToken(sim);
    const r = await postTest(token);
    assert.equal(r.status, 201);
    const calls = sim.calls.list({ platform: 'twitter', method: 'POST', path: '/test/posts' });
    assert.equal(calls.length, 1);
    const c = calls[0]!;
    assert.equal(c.fullPath, '/twitter/test/posts');
    assert.deepEqual(c.body, { text: 'hello' });
    assert.equal(c.headers.authorization, `Bearer ${token}`);
    assert.equal(c.accountId, '1500000000000000001');
    assert.equal(c.status, 201);
    assert.equal(sim.calls.count({ path: /posts$/ }), 1);
    assert.equal(sim.calls.count({ account: 'someone-else' }), 0);
    assert.equal(sim.countPosts('twitter', { account: '1500000000000000001' }), 1);
  });

  it('refuses missing, unknown, expired and revoked tokens with the platform body', async () => {
    const body401 = { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' };
    const missing = await call(`${sim.url}/twitter/2/users/me`);
    assert.equal(missing.status, 401);
    assert.deepEqual(missing.body, body401);
    const unknown = await call(`${sim.url}/twitter/2/users/me`, {
      headers: { authorization: 'Bearer nope' },
    });
    assert.deepEqual([unknown.status, unknown.body], [401, body401]);
    const token = xToken(sim);
    const ok = await call(`${sim.url}/twitter/2/users/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(ok.status, 200);
    sim.clock.advance(3600_000);
    const expired = await call(`${sim.url}/twitter/2/users/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.deepEqual([expired.status, expired.body], [401, body401]);
    const t2 = xToken(sim);
    assert.equal(sim.state.revokeTokens({ platform: 'twitter' }) >= 1, true);
    const revoked = await call(`${sim.url}/twitter/2/users/me`, {
      headers: { authorization: `Bearer ${t2}` },
    });
    assert.equal(revoked.status, 401);
  });

  it('applies a status fault a given number of times, then answers normally', async () => {
    const token = xToken(sim);
    const id = sim.faults.add({
      platform: 'twitter',
      method: 'POST',
      path: '/test/posts',
      times: 2,
      status: 503,
      body: { title: 'Service Unavailable' },
      headers: { 'x-test': 'yes' },
    });
    assert.equal(typeof id, 'number');
    const a = await postTest(token);
    const b = await postTest(token);
    const c = await postTest(token);
    assert.deepEqual([a.status, b.status, c.status], [503, 503, 201]);
    assert.deepEqual(a.body, { title: 'Service Unavailable' });
    assert.equal(a.headers.get('x-test'), 'yes');
    assert.equal(sim.faults.list().length, 0);
    assert.equal(sim.countPosts('twitter'), 1);
    assert.equal(sim.calls.list({ path: '/test/posts' })[0]!.faultId, id);
  });

  it('matches faults by account and by RegExp path', async () => {
    const token = xToken(sim);
    sim.faults.add({ account: 'other', status: 500 });
    assert.equal((await postTest(token)).status, 201);
    sim.faults.add({ path: /^\/test\//, account: '1500000000000000001', status: 418, times: 1 });
    assert.equal((await postTest(token)).status, 418);
    assert.equal((await postTest(token)).status, 201);
  });

  it('delays an answer', async () => {
    const token = xToken(sim);
    sim.faults.add({ path: '/test/posts', delayMs: 150, times: 1 });
    const started = Date.now();
    const r = await postTest(token);
    assert.equal(r.status, 201);
    assert.ok(Date.now() - started >= 140);
  });

  it('hangs on a timeout rule until the client gives up', async () => {
    const token = xToken(sim);
    sim.faults.add({ path: '/test/posts', timeout: true, times: 1 });
    await assert.rejects(
      fetch(`${sim.url}/twitter/test/posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(200),
      }),
      (e: Error) => e.name === 'TimeoutError' || e.name === 'AbortError',
    );
    assert.equal(sim.countPosts('twitter'), 0);
    assert.equal((await postTest(token)).status, 201);
  });

  it('drops the connection after the platform committed', async () => {
    const token = xToken(sim);
    sim.faults.add({ path: '/test/posts', dropAfterCommit: true, times: 1 });
    await assert.rejects(postTest(token));
    assert.equal(sim.countPosts('twitter'), 1, 'the post exists although the client saw no answer');
    sim.faults.add({ path: '/test/posts', dropAfterCommit: 'status', status: 502, times: 1 });
    const r = await postTest(token);
    assert.equal(r.status, 502);
    assert.equal(sim.countPosts('twitter'), 2);
  });

  it('answers rate limits with each platform own body and headers', async () => {
    const token = xToken(sim);
    sim.faults.add({ platform: 'twitter', rateLimit: { resetInSec: 60 }, times: 1 });
    const x = await postTest(token);
    assert.equal(x.status, 429);
    assert.equal(x.headers.get('x-rate-limit-remaining'), '0');
    const reset = Number(x.headers.get('x-rate-limit-reset'));
    assert.ok(Math.abs(reset - (Math.floor(Date.now() / 1000) + 60)) <= 2);
    assert.equal(x.headers.get('retry-after'), null);

    sim.faults.add({ platform: 'facebook', rateLimit: { code: 17 }, times: 1 });
    const fb = await call(`${sim.url}/facebook/v25.0/me`);
    assert.equal(fb.status, 400);
    assert.equal(fb.body.error.code, 17);
    assert.deepEqual(JSON.parse(fb.headers.get('x-app-usage')!), {
      call_count: 100,
      total_cputime: 100,
      total_time: 100,
    });

    sim.faults.add({ platform: 'facebook', rateLimit: { code: 80001, resetInSec: 600 }, times: 1 });
    const buc = await call(`${sim.url}/facebook/v25.0/me`);
    assert.equal(buc.body.error.code, 80001);
    const usage = JSON.parse(buc.headers.get('x-business-use-case-usage')!);
    assert.equal(Object.values(usage as Record<string, Json[]>)[0]![0].estimated_time_to_regain_access, 10);

    sim.faults.add({ platform: 'bluesky', rateLimit: true, times: 1 });
    const bsky = await call(`${sim.url}/bluesky/xrpc/app.bsky.actor.getProfile?actor=nobody.bsky.social`);
    assert.equal(bsky.status, 429);
    assert.equal(bsky.body.error, 'RateLimitExceeded');
    assert.ok(bsky.headers.get('ratelimit-reset'));
  });

  it('is driven over HTTP by the /_sim control API', async () => {
    const add = await call(`${sim.url}/_sim/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'twitter', id: '42', username: 'ctl', name: 'Control' }),
    });
    assert.equal(add.status, 201);
    assert.equal(sim.state.account('twitter', '42')?.username, 'ctl');
    const list = await call(`${sim.url}/_sim/accounts?platform=twitter`);
    assert.ok(list.body.accounts.some((a: Json) => a.id === '42'));

    const fault = await call(`${sim.url}/_sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'twitter', pathRegex: '^/test/', status: 500, times: 1 }),
    });
    assert.equal(fault.status, 201);
    const token = xToken(sim);
    assert.equal((await postTest(token)).status, 500);
    assert.equal((await call(`${sim.url}/_sim/faults`)).body.faults.length, 0);

    assert.equal((await postTest(token)).status, 201);
    const calls = await call(`${sim.url}/_sim/calls?platform=twitter&path=/test/posts&status=201`);
    assert.equal(calls.body.count, 1);
    const posts = await call(`${sim.url}/_sim/posts?platform=twitter`);
    assert.equal(posts.body.count, 1);

    const exp = await call(`${sim.url}/_sim/tokens/expire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'twitter', account: '1500000000000000001' }),
    });
    assert.ok(exp.body.count >= 1);
    assert.equal((await postTest(token)).status, 401);

    const adv = await call(`${sim.url}/_sim/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 60 }),
    });
    assert.equal(adv.status, 200);
    assert.ok(sim.clock.now() - Date.now() >= 59_000);

    const reset = await call(`${sim.url}/_sim/reset`, { method: 'POST' });
    assert.equal(reset.status, 200);
    assert.equal(sim.state.account('twitter', '42'), undefined);
    assert.equal(sim.calls.count(), 0, '/_sim calls are not recorded and reset clears the log');
    assert.ok(sim.clock.now() - Date.now() < 5_000);
  });

  it('issues tokens directly, in process and over /_sim/tokens', async () => {
    const t = sim.issueTokens('twitter', { refresh: true });
    assert.ok(t.refreshToken);
    assert.ok(t.expiresAt && t.expiresAt > Date.now());
    const me = await call(`${sim.url}/twitter/2/users/me`, {
      headers: { authorization: `Bearer ${t.accessToken}` },
    });
    assert.equal(me.body.data.id, '1500000000000000001');
    const page = await call(`${sim.url}/_sim/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        platform: 'facebook',
        accountId: '10000000000000001',
        pageId: '200000000000001',
        ttlSec: null,
      }),
    });
    assert.equal(page.status, 201);
    assert.equal(page.body.expiresAt, null);
    const asPage = await call(`${sim.url}/facebook/v25.0/me?access_token=${page.body.accessToken}`);
    assert.equal(asPage.body.id, '200000000000001');
    const unknown = await call(`${sim.url}/_sim/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'facebook', accountId: 'nobody' }),
    });
    assert.equal(unknown.status, 400);
  });

  it('refuses a module that registers a route another module already answers', async () => {
    await assert.rejects(
      startSimulator({
        extraModules: [
          { platform: 'twitter', register: (r) => r.get('/2/users/:someone', () => json(200, {})) },
        ],
      }),
      /registered twice/,
    );
  });

  it('lets a test await calls instead of sleeping', async () => {
    const token = xToken(sim);
    const seen = sim.calls.waitFor(
      { platform: 'twitter', path: '/test/posts' },
      { count: 2, answered: true },
    );
    await postTest(token);
    await postTest(token);
    const calls = await seen;
    assert.deepEqual(
      calls.map((c) => c.status),
      [201, 201],
    );
    await assert.rejects(sim.calls.waitFor({ path: '/never' }, { timeoutMs: 20 }), /timed out/);
  });
});
