/**
 * The fault options the adapter conformance suite relies on: a token refusal in the
 * platform's own words whatever the token, and a committed action whose answer never
 * comes (the client times out although the post exists).
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { type Simulator, startSimulator } from './index.ts';
import { call } from './testing.ts';

const X_USER = '1500000000000000001';

describe('simulator faults: unauthorized and hang after commit', () => {
  let sim: Simulator;
  let token: string;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());
  beforeEach(() => {
    sim.reset();
    token = sim.issueTokens('twitter', { accountId: X_USER, ttlSec: null }).accessToken;
  });

  const tweet = (text: string, signal?: AbortSignal) =>
    fetch(`${sim.url}/twitter/2/tweets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
      ...(signal ? { signal } : {}),
    });

  it("answers a valid token with the platform's own expired-token refusal, once", async () => {
    sim.faults.add({ platform: 'twitter', path: '/2/tweets', unauthorized: true, times: 1 });
    const refused = await tweet('refused');
    assert.equal(refused.status, 401);
    assert.deepEqual(await refused.json(), {
      title: 'Unauthorized',
      type: 'about:blank',
      status: 401,
      detail: 'Unauthorized',
    });
    assert.equal(sim.countPosts('twitter'), 0, 'nothing was created');
    assert.equal((await tweet('accepted')).status, 201);
  });

  it('uses the named token problem in the platform shape (Bluesky: 400 ExpiredToken, revoked)', async () => {
    sim.faults.add({ platform: 'bluesky', unauthorized: 'revoked', times: 1 });
    const r = await call(`${sim.url}/bluesky/xrpc/app.bsky.actor.getProfile?actor=nobody.bsky.social`);
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { error: 'ExpiredToken', message: 'Token has been revoked' });
  });

  it('commits the action and never answers with dropAfterCommit hang', async () => {
    sim.faults.add({ platform: 'twitter', path: '/2/tweets', dropAfterCommit: 'hang', times: 1 });
    await assert.rejects(tweet('committed, no answer', AbortSignal.timeout(300)), (e: Error) =>
      ['TimeoutError', 'AbortError'].includes(e.name),
    );
    assert.equal(sim.countPosts('twitter'), 1, 'the post exists although the client saw no answer');
    const [recorded] = sim.calls.list({ path: '/2/tweets' });
    assert.equal(recorded?.status, undefined, 'the call was never answered');
  });
});
