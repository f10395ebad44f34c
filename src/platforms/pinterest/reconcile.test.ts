/**
 * Pinterest's reconcile against the simulator: the pin is looked for among the
 * board's recent pins and matched precisely; near matches, twins and unreadable
 * boards are unknown, never absent.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { mp4Stub, png } from '../../media/testing.ts';
import type { AccountCredentials, MediaItem, PublishResult } from '../contract.ts';
import { type AdapterHarness, startAdapterHarness } from '../shared/testing.ts';
import { pinterestModule } from './index.ts';

const USER = '549755885175';
const BOARD = '549755885176';
const adapter = pinterestModule.publisher;
type Rec = Record<string, unknown>;

describe('Pinterest reconcile against the simulator', () => {
  let h: AdapterHarness;
  let me: AccountCredentials;
  const settings = () => h.sim.state.collection<unknown>('pinterest', 'settings');
  before(async () => {
    h = await startAdapterHarness('pinterest');
  });
  after(() => h.close());
  beforeEach(() => {
    h.sim.calls.clear();
    settings().clear();
    me = h.account(USER);
  });

  let n = 0;
  const unique = (s: string) => `${s} ${++n}`;
  const image = (name: string): MediaItem => ({
    type: 'image',
    url: h.fixtures.set(`/pin/${name}.png`, png(200, 100), 'image/png'),
  });
  const video = (): MediaItem => ({
    type: 'video',
    url: h.fixtures.set('/pin/v.mp4', mp4Stub(300_000), 'video/mp4'),
  });
  const context = (content: string, mediaItems: MediaItem[], data: Rec = {}) =>
    h.context({ account: me, content, mediaItems, platformSpecificData: { boardId: BOARD, ...data } });
  const published = (r: PublishResult) => {
    assert.equal(r.state, 'published', JSON.stringify(r));
    return r as Extract<PublishResult, { state: 'published' }>;
  };

  it('matches precisely; a pin with this text that differs otherwise is unknown, another board absent', async () => {
    const content = unique('reconcile me');
    const link = 'https://example.com';
    const first = published(
      await adapter.publish(context(content, [image('r')], { title: 'Exact', link: `${link}/` })),
    );
    const since = new Date(h.sim.clock.now()).toISOString();
    const same = context(content, [image('r')], { title: 'Exact', link });
    same.stored.createAfter = since;
    assert.deepEqual(await adapter.reconcile(same), {
      state: 'published',
      platformPostId: first.platformPostId,
      platformPostUrl: first.platformPostUrl,
    });
    for (const other of [
      context(content, [image('r')], { title: 'Other', link }),
      context(content, [image('r'), image('r2')], { title: 'Exact', link }),
      context(content, [image('r')], { title: 'Exact', link: 'https://example.com/x' }),
      context(content, [image('r')], { title: 'Exact', link, altText: 'alt' }),
    ]) {
      other.stored.createAfter = since;
      const found = await adapter.reconcile(other);
      assert.equal(found.state, 'unknown', JSON.stringify(found));
      assert.match(
        found.state === 'unknown' ? found.reason : '',
        new RegExp(`pin ${first.platformPostId} on board ${BOARD}, made since the create, has this text`),
      );
    }
    const elsewhere = context(content, [image('r')], { title: 'Exact', link, boardId: '549755885177' });
    elsewhere.stored.createAfter = since;
    assert.deepEqual(await adapter.reconcile(elsewhere), { state: 'absent' });
    const otherText = context(unique('another text'), [image('r')], { title: 'Exact', link });
    otherText.stored.createAfter = since;
    assert.deepEqual(await adapter.reconcile(otherText), { state: 'absent' });
  });

  it('does not take a pin made before the create for this one', async () => {
    const content = unique('older twin');
    published(await adapter.publish(context(content, [image('o')])));
    h.sim.clock.advance(10 * 60_000);
    const later = context(content, [image('o')]);
    later.stored.createAfter = new Date(h.sim.clock.now()).toISOString();
    assert.deepEqual(await adapter.reconcile(later), { state: 'absent' });
  });

  it('answers unknown when two pins match, or the board can not be read', async () => {
    const content = unique('twice');
    const ctx = context(content, [image('w')]);
    ctx.stored.createAfter = new Date(h.sim.clock.now()).toISOString();
    published(await adapter.publish(context(content, [image('w')])));
    published(await adapter.publish(context(content, [image('w')])));
    const twice = await adapter.reconcile(ctx);
    assert.equal(twice.state, 'unknown');
    assert.match(twice.state === 'unknown' ? twice.reason : '', /2 pins on board .* match this post/);

    const gone = context(unique('gone'), [image('g')], { boardId: '999' });
    const unreadable = await adapter.reconcile(gone);
    assert.equal(unreadable.state, 'unknown');
    assert.match(unreadable.state === 'unknown' ? unreadable.reason : '', /Board not found/);
  });

  it('pages through the board until the pins are older than the create', async () => {
    settings().set('pinsPerMinute', 1000);
    const content = unique('deep');
    const ctx = context(content, [image('p')]);
    ctx.stored.createAfter = new Date(h.sim.clock.now()).toISOString();
    const target = published(await adapter.publish(context(content, [image('p')])));
    for (let i = 0; i < 150; i++) published(await adapter.publish(context(unique('filler'), [image('p')])));
    h.sim.calls.clear();
    const found = await adapter.reconcile(ctx);
    assert.equal(found.state === 'published' ? found.platformPostId : found.state, target.platformPostId);
    assert.equal(h.sim.calls.count({ method: 'GET', path: `/v5/boards/${BOARD}/pins` }), 2);
  });

  it('a video that was never uploaded was never pinned', async () => {
    assert.deepEqual(await adapter.reconcile(context(unique('v'), [video()])), { state: 'absent' });
  });
});
