/**
 * Facebook Reels and Stories, exactly once: a finish (or photo_stories) call whose
 * answer is lost is reconciled from what Facebook holds (the video's status, the
 * Page's Stories) and never sent twice; a crash between steps resumes from the
 * checkpoint without a second start or upload; processing is awaited as pending.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { mp4Stub, png } from '../../media/testing.ts';
import type { AccountCredentials, PublishResult, ReconcileResult } from '../contract.ts';
import { type AdapterHarness, platformFailure, startAdapterHarness } from '../shared/testing.ts';
import { facebookModule } from './index.ts';

const USER = '10000000000000001';
const PAGE = '200000000000001';
const adapter = facebookModule.publisher;
/** Bytes the simulator can "play" (a moov box), which ffprobe can not read: no length to check. */
const playable = () => Buffer.concat([mp4Stub(4096), Buffer.from('\0\0\0\x08moov', 'latin1')]);

describe('Facebook Reels and Stories: exactly once', () => {
  let h: AdapterHarness;
  let page: AccountCredentials;
  before(async () => {
    h = await startAdapterHarness('facebook');
  });
  after(() => h.close());
  beforeEach(() => {
    h.sim.faults.clear();
    h.sim.calls.clear();
    page = h.account(USER, {}, PAGE);
  });
  let n = 0;
  const reelVideo = () => ({
    type: 'video' as const,
    url: h.fixtures.set(`/fbf/reel-${++n}.mp4`, playable(), 'video/mp4'),
  });
  const count = (path: RegExp) => h.sim.calls.count({ platform: 'facebook', path });
  /** Runs publish (or reconcile once a create is in flight) until it settles, as the engine does. */
  const settle = async (
    first: PublishResult | ReconcileResult,
    again: () => Promise<PublishResult | ReconcileResult>,
  ) => {
    let r = first;
    for (let i = 0; i < 10 && r.state === 'pending'; i++) r = await again();
    return r;
  };

  it('a Reel whose finish answer was lost is found by its status: one finish, one Reel, published after processing', async () => {
    const content = `Reel lost ${Date.now()}`;
    h.sim.faults.add({
      platform: 'facebook',
      method: 'POST',
      path: /\/video-upload\//,
      status: 503,
      times: 1,
    });
    const ctx = h.context({
      account: page,
      content,
      mediaItems: [reelVideo()],
      platformSpecificData: { contentType: 'reel' },
    });
    assert.equal((await platformFailure(adapter.publish(ctx))).errorClass, 'transient');
    assert.ok(ctx.stored.videoId, 'the start is checkpointed');
    // The finish reaches Facebook; its answer does not.
    h.sim.faults.add({
      platform: 'facebook',
      method: 'POST',
      path: /\/video_reels$/,
      dropAfterCommit: true,
      times: 1,
    });
    const resumed = h.resume(ctx);
    assert.equal((await platformFailure(adapter.publish(resumed))).errorClass, 'unknown_outcome');
    assert.equal(count(/\/video_reels$/), 2, 'one start, one finish');
    const again = h.resume(resumed);
    const r = await settle(await adapter.reconcile(again), () => adapter.reconcile(h.resume(again)));
    assert.equal(r.state, 'published', JSON.stringify(r));
    const reels = h.sim.state.listPosts('facebook', {
      where: (p) => p.kind === 'reel' && p.data.description === content,
    });
    assert.equal(reels.length, 1);
    assert.equal(
      (r as { platformPostUrl: string }).platformPostUrl,
      `https://www.facebook.com/reel/${reels[0]?.id}`,
    );
    assert.equal(count(/\/video_reels$/), 2, 'reconcile sent no second finish');
    assert.equal(count(/\/video-upload\//), 2, 'the upload was repeated once, after its failure');
  });

  it('a finish Facebook refused is absent to reconcile: publish then finishes once, from the checkpoint', async () => {
    const content = `Reel absent ${Date.now()}`;
    const init = {
      account: page,
      content,
      mediaItems: [reelVideo()],
      platformSpecificData: { contentType: 'reel' },
    };
    h.sim.faults.add({
      platform: 'facebook',
      method: 'POST',
      path: /\/video-upload\//,
      status: 503,
      times: 1,
    });
    const ctx = h.context(init);
    await platformFailure(adapter.publish(ctx));
    // Started and checkpointed; now the finish is refused with a 5xx (Facebook took nothing).
    h.sim.faults.add({ platform: 'facebook', method: 'POST', path: /\/video_reels$/, status: 500, times: 1 });
    const second = h.resume(ctx);
    await platformFailure(adapter.publish(second));
    assert.equal((await adapter.reconcile(h.resume(second))).state, 'absent');
    const third = h.resume(second);
    const r = await settle(await adapter.publish(third), () => adapter.publish(h.resume(third)));
    assert.equal(r.state, 'published', JSON.stringify(r));
    const reels = h.sim.state.listPosts('facebook', {
      where: (p) => p.kind === 'reel' && p.data.description === content,
    });
    assert.equal(reels.length, 1);
    assert.equal(count(/\/video_reels$/), 3, 'one start, the refused finish, one finish');
  });

  it('a photo Story whose answer was lost is found among the Page Stories by its photo: one Story', async () => {
    h.sim.faults.add({
      platform: 'facebook',
      method: 'POST',
      path: /\/photo_stories$/,
      dropAfterCommit: true,
      times: 1,
    });
    const image = {
      type: 'image' as const,
      url: h.fixtures.set(`/fbf/story-${++n}.png`, png(90, 160), 'image/png'),
    };
    const ctx = h.context({
      account: page,
      content: 'x',
      mediaItems: [image],
      platformSpecificData: { contentType: 'story' },
    });
    assert.equal((await platformFailure(adapter.publish(ctx))).errorClass, 'unknown_outcome');
    const r = await adapter.reconcile(h.resume(ctx));
    assert.equal(r.state, 'published', JSON.stringify(r));
    const stories = h.sim.state.listPosts('facebook', {
      where: (p) => p.kind === 'story' && p.data.photo === ctx.stored.storyPhotoId,
    });
    assert.equal(stories.length, 1);
    assert.equal((r as { platformPostId: string }).platformPostId, stories[0]?.id);
    assert.equal(count(/\/photo_stories$/), 1);
    assert.equal(count(/\/photos$/), 1, 'the photo was uploaded once');
    // Deleting the Story removes it; a second delete finds it gone and still succeeds.
    await adapter.delete(h.deleteContext(page, stories[0]?.id ?? '', ctx.stored));
    await adapter.delete(h.deleteContext(page, stories[0]?.id ?? '', ctx.stored));
    assert.equal(h.sim.state.getPost('facebook', stories[0]?.id ?? '')?.deleted, true);
  });
});
