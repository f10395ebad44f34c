/**
 * Reconcile of the Google Business Profile adapter against the simulator: after a
 * create with no known outcome, the location's posts tell published (exactly one
 * post like ours, created since the create began) from absent (none, and the list
 * reached older posts) from unknown (several, or more posts in the window than it
 * reads). Google keeps no id of ours on a post, so this is all it can go by.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { AccountCredentials, PublishResult } from '../contract.ts';
import { type AdapterHarness, platformFailure, startAdapterHarness } from '../shared/testing.ts';
import { googleBusinessModule } from './index.ts';

const USER = '110000000000000000002';
const LOCATION = 'accounts/100000000000000000001/locations/1000000000000000001';
const adapter = googleBusinessModule.publisher;

type Published = Extract<PublishResult, { state: 'published' }>;

describe('Google Business Profile reconcile after a create with no known outcome', () => {
  let h: AdapterHarness;
  let account: AccountCredentials;
  let seq = 0;
  before(async () => {
    h = await startAdapterHarness('googlebusiness');
  });
  after(() => h.close());
  beforeEach(() => {
    h.sim.faults.clear();
    account = h.account(USER, { resourceName: LOCATION });
  });
  const text = (what: string) => `${what} ${++seq} ${Date.now()}`;
  const publish = async (content: string) => {
    const result = await adapter.publish(h.context({ account, content }));
    assert.equal(result.state, 'published', JSON.stringify(result));
    return { result: result as Published };
  };
  /** A publish whose create never reached Google: the context to reconcile from. */
  const lostCreate = async (content: string, platformSpecificData: Record<string, unknown> = {}) => {
    h.sim.faults.add({ platform: 'googlebusiness', method: 'POST', times: 1, status: 503, body: {} });
    const ctx = h.context({ account, content, platformSpecificData });
    const err = await platformFailure(adapter.publish(ctx));
    assert.equal(err.errorClass, 'unknown_outcome');
    return h.resume(ctx);
  };
  const addPost = (summary: string, topicType = 'STANDARD') =>
    h.sim.state.createPost(
      'googlebusiness',
      USER,
      { topicType, summary, locationId: '1000000000000000001', rejected: false },
      { id: `${LOCATION}/localPosts/${Date.now()}${++seq}`, kind: 'localPost' },
    );

  it('is absent when the only post with this text is older than the create (the same text posted before)', async () => {
    const content = text('Open today');
    const earlier = await publish(content);
    h.sim.clock.advance(10 * 60_000);
    const ctx = await lostCreate(content);
    assert.deepEqual(await adapter.reconcile(ctx), { state: 'absent' });
    const again = await adapter.publish(h.resume(ctx));
    assert.equal(again.state, 'published');
    assert.notEqual((again as Published).platformPostId, earlier.result.platformPostId);
  });

  it('does not take a post of another topic type, or one with a photo, for ours', async () => {
    const content = text('Same words');
    const ctx = await lostCreate(content);
    addPost(content, 'EVENT');
    h.sim.state.createPost(
      'googlebusiness',
      USER,
      {
        topicType: 'STANDARD',
        summary: content,
        media: [{ mediaFormat: 'PHOTO', sourceUrl: 'https://x/y.png' }],
      },
      { id: `${LOCATION}/localPosts/${Date.now()}${++seq}`, kind: 'localPost' },
    );
    assert.deepEqual(await adapter.reconcile(ctx), { state: 'absent' });
  });

  it('is published when exactly one post matches; unknown when two do', async () => {
    const content = text('Matched once');
    const ctx = await lostCreate(content);
    const post = addPost(content);
    const found = await adapter.reconcile(ctx);
    assert.equal(found.state, 'published');
    assert.equal(found.state === 'published' && found.platformPostId, post.id);
    assert.equal(ctx.stored.postName, post.id);

    const twice = text('Matched twice');
    const ctx2 = await lostCreate(twice);
    addPost(twice);
    addPost(twice);
    const unsure = await adapter.reconcile(ctx2);
    assert.equal(unsure.state, 'unknown');
    assert.match(unsure.state === 'unknown' ? unsure.reason : '', /2 posts with this text appeared/);
  });

  it('is unknown when the listing runs out of pages inside the window', async () => {
    const ctx = await lostCreate(text('Busy location'));
    for (let i = 0; i < 501; i++) addPost(`filler ${i}`);
    const found = await adapter.reconcile(ctx);
    assert.equal(found.state, 'unknown');
    assert.match(found.state === 'unknown' ? found.reason : '', /more than 500 posts on the location/);
    for (const p of h.sim.state.listPosts('googlebusiness', {
      where: (x) => String(x.data.summary).startsWith('filler'),
    }))
      h.sim.state.deletePost('googlebusiness', p.id);
  });
});
