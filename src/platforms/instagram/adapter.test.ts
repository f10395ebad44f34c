/**
 * The Instagram adapter against the simulator over real HTTP: what is Instagram's
 * own (Reels and their options, carousels of images and videos, processing over
 * several polls, container ERROR and EXPIRED, the publishing limit, "not ready",
 * the crash between container and publish, an ambiguous publish). The error
 * classes, lost creates, crash resume and delete every publisher shares are in
 * conformance.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { mp4Stub } from '../../media/testing.ts';
import { shortcodeOf } from '../../simulator/platforms/_shared/meta-container.ts';
import type { AccountCredentials, MediaItem } from '../contract.ts';
import { jpeg, publishThroughPending } from '../shared/meta-testing.ts';
import { type AdapterHarness, platformFailure, startAdapterHarness } from '../shared/testing.ts';
import { instagramModule } from './index.ts';

const USER = '17841400000000001';
const adapter = instagramModule.publisher;
type Rec = Record<string, string>;

describe('Instagram adapter against the simulator', () => {
  let h: AdapterHarness;
  let account: AccountCredentials;
  const settings = () => h.sim.state.collection<unknown>('instagram', 'settings');
  before(async () => {
    h = await startAdapterHarness('instagram');
  });
  after(() => h.close());
  beforeEach(() => {
    h.sim.faults.clear();
    h.sim.calls.clear();
    settings().clear();
    account = h.account(USER);
  });
  let n = 0;
  const unique = (s: string) => `${s} ${++n} ${Date.now()}`;
  const image = (name: string) => ({
    type: 'image' as const,
    url: h.fixtures.set(`/ig/${name}.jpg`, jpeg(), 'image/jpeg'),
  });
  const video = (name = 'reel') => ({
    type: 'video' as const,
    url: h.fixtures.set(`/ig/${name}.mp4`, mp4Stub(300_000), 'video/mp4'),
  });
  const containerCalls = () => h.sim.calls.list({ platform: 'instagram', method: 'POST', path: /\/media$/ });
  const publishCalls = () =>
    h.sim.calls.count({ platform: 'instagram', method: 'POST', path: /\/media_publish$/ });
  const posts = (caption: string) =>
    h.sim.state.listPosts('instagram', { where: (p) => p.data.caption === caption });
  const context = (content: string, mediaItems: MediaItem[], platformSpecificData = {}) =>
    h.context({ account, content, mediaItems, platformSpecificData });

  it('publishes a video as a Reel with shareToFeed and coverUrl; coverUrl wins over thumbOffset', async () => {
    const content = unique('A reel');
    const { result } = await publishThroughPending(
      h,
      adapter,
      context(content, [video()], {
        shareToFeed: false,
        coverUrl: 'https://cdn.example.com/cover.jpg',
        thumbOffset: 1500,
      }),
    );
    const body = containerCalls()[0]?.body as Rec;
    assert.equal(body.media_type, 'REELS');
    assert.equal(body.share_to_feed, 'false');
    assert.equal(body.cover_url, 'https://cdn.example.com/cover.jpg');
    assert.equal(body.thumb_offset, undefined, 'cover_url overrides thumb_offset: only one is sent');
    assert.equal(
      result.platformPostUrl,
      `https://www.instagram.com/reel/${shortcodeOf(result.platformPostId)}/`,
    );
    const [post] = posts(content);
    assert.equal(post?.kind, 'REELS');
    assert.equal(post?.data.shareToFeed, false);
  });

  it('sends thumbOffset without coverUrl, shares Reels to the feed by default, and ignores options on images', async () => {
    await publishThroughPending(h, adapter, context(unique('Offset'), [video()], { thumbOffset: 2500 }));
    const reel = containerCalls()[0]?.body as Rec;
    assert.equal(reel.thumb_offset, '2500');
    assert.equal(reel.share_to_feed, 'true');
    h.sim.calls.clear();
    const content = unique('A photo');
    const { result } = await publishThroughPending(
      h,
      adapter,
      context(content, [image('p')], { shareToFeed: false, thumbOffset: 10 }),
    );
    const photo = containerCalls()[0]?.body as Rec;
    assert.deepEqual(Object.keys(photo).sort(), ['caption', 'image_url']);
    assert.equal(
      result.platformPostUrl,
      `https://www.instagram.com/p/${shortcodeOf(result.platformPostId)}/`,
    );
    assert.equal(posts(content)[0]?.kind, 'IMAGE');
  });

  it('publishes a carousel of images and a video: children, then the carousel, one post', async () => {
    settings().set('videoPolls', 2);
    const content = unique('Carousel');
    const { result, waits } = await publishThroughPending(
      h,
      adapter,
      context(content, [image('c1'), video('c2'), image('c3')], { shareToFeed: false }),
    );
    const bodies = containerCalls().map((c) => c.body as Rec);
    assert.equal(bodies.length, 4, 'three children and the carousel');
    assert.deepEqual(
      bodies.slice(0, 3).map((b) => [b.is_carousel_item, b.media_type ?? 'IMAGE']),
      [
        ['true', 'IMAGE'],
        ['true', 'VIDEO'],
        ['true', 'IMAGE'],
      ],
    );
    const parent = bodies[3] as Rec;
    assert.equal(parent.media_type, 'CAROUSEL');
    assert.equal(parent.caption, content);
    assert.equal(parent.share_to_feed, undefined, 'a carousel is not a Reel');
    assert.equal(parent.children?.split(',').length, 3);
    assert.equal(waits.length, 2, 'the video child took two polls');
    assert.equal(publishCalls(), 1);
    const [post] = posts(content);
    assert.equal(post?.id, result.platformPostId);
    assert.equal(post?.kind, 'CAROUSEL');
    assert.equal((post?.data.media as unknown[] | undefined)?.length, 3);
  });

  it('waits for a Reel that processes over several polls without sleeping: pending with growing waits', async () => {
    settings().set('videoPolls', 4);
    const content = unique('Slow reel');
    const started = Date.now();
    const { waits } = await publishThroughPending(h, adapter, context(content, [video()]));
    assert.deepEqual(waits, [2000, 4000, 8000, 16000]);
    assert.ok(Date.now() - started < 5000, 'the waits are the engine’s, not sleeps in publish');
    assert.equal(containerCalls().length, 1, 'one container, polled');
    assert.equal(h.sim.calls.count({ platform: 'instagram', method: 'GET', path: /\/\d+$/ }), 6);
    assert.equal(posts(content).length, 1);
  });

  it("fails a container in ERROR with Instagram's reason; nothing is published", async () => {
    settings().set('failProcessing', '2207026');
    settings().set('videoPolls', 1);
    const ctx = context(unique('Bad video'), [video()]);
    const first = await adapter.publish(ctx);
    assert.equal(first.state, 'pending');
    const err = await platformFailure(adapter.publish(h.resume(ctx)));
    assert.equal(err.errorClass, 'permanent');
    assert.match(
      err.message,
      /Instagram could not process the media: the video format is not supported.*2207026/,
    );
    assert.equal(publishCalls(), 0);
  });

  it('fails a carousel whose video child ends in ERROR, naming the item; no carousel is made', async () => {
    settings().set('failProcessing', '2207053');
    settings().set('videoPolls', 1);
    const ctx = context(unique('Bad child'), [image('b1'), video('b2')]);
    assert.equal((await adapter.publish(ctx)).state, 'pending');
    const err = await platformFailure(adapter.publish(h.resume(ctx)));
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /could not process media item 2: an unknown error happened while uploading/);
    assert.equal(containerCalls().length, 2, 'the two children, no carousel container');
    assert.equal(publishCalls(), 0);
  });

  it("fails a URL Meta can not fetch with Instagram's message (9004/2207052)", async () => {
    h.sim.faults.add({
      platform: 'instagram',
      method: 'POST',
      path: /\/media$/,
      times: 1,
      status: 400,
      body: {
        error: {
          message: 'Media download has failed.',
          code: 9004,
          error_subcode: 2207052,
          error_user_msg: 'The media could not be fetched from the URI provided.',
        },
      },
    });
    const err = await platformFailure(adapter.publish(context(unique('Private'), [image('x')])));
    assert.equal(err.errorClass, 'permanent');
    assert.equal(err.platformCode, '9004/2207052');
    assert.equal(err.message, 'Instagram: The media could not be fetched from the URI provided.');
  });

  it('treats the content publishing limit (9/2207042) as a rate limit with a wait, not a failure', async () => {
    settings().set('quotaTotal', 1);
    const other = h.account('17841400000000002');
    await publishThroughPending(
      h,
      adapter,
      h.context({ account: other, content: unique('First'), mediaItems: [image('q1')] }),
    );
    const ctx = h.context({ account: other, content: unique('Second'), mediaItems: [image('q2')] });
    const err = await platformFailure(adapter.publish(ctx));
    assert.equal(err.errorClass, 'rate_limited');
    assert.equal(err.platformCode, '9/2207042');
    assert.equal(err.retryAfterMs, 60 * 60_000);
    // Once a slot frees (here: a higher quota), the same container publishes.
    settings().set('quotaTotal', 2);
    const { ctx: last } = await publishThroughPending(h, adapter, h.resume(ctx));
    assert.equal(last.stored.containerId, ctx.stored.containerId);
  });

  it('reads a code 4 with subcode 2207051 (suspected spam) as permanent, not as a rate limit', async () => {
    h.sim.faults.add({
      platform: 'instagram',
      method: 'POST',
      path: /\/media_publish$/,
      times: 1,
      status: 400,
      body: { error: { message: 'Action is blocked', code: 4, error_subcode: 2207051 } },
    });
    const err = await platformFailure(adapter.publish(context(unique('Spammy'), [image('s')])));
    assert.equal(err.errorClass, 'permanent');
  });

  it('answers pending on "not ready" (9007/2207027) and publishes the same container later', async () => {
    h.sim.faults.add({
      platform: 'instagram',
      method: 'POST',
      path: /\/media_publish$/,
      times: 1,
      status: 400,
      body: {
        error: {
          message: 'Media ID is not available',
          code: 9007,
          error_subcode: 2207027,
          error_user_msg: 'The media is not ready for publishing, please wait for a moment',
        },
      },
    });
    const content = unique('Not ready');
    const { waits } = await publishThroughPending(h, adapter, context(content, [image('nr')]));
    assert.deepEqual(waits, [10_000]);
    assert.equal(containerCalls().length, 1);
    assert.equal(posts(content).length, 1);
  });

  it('recreates a container that expired before any publish, but never one a publish was tried on', async () => {
    settings().set('videoPolls', 1);
    const ctx = context(unique('Expired early'), [video()]);
    assert.equal((await adapter.publish(ctx)).state, 'pending');
    h.sim.clock.advance(25 * 3600_000);
    const { ctx: done } = await publishThroughPending(h, adapter, h.resume(ctx));
    assert.notEqual(done.stored.containerId, ctx.stored.containerId, 'a new container');
    assert.equal(containerCalls().length, 2);

    h.sim.calls.clear();
    h.sim.faults.add({
      platform: 'instagram',
      method: 'POST',
      path: /\/media_publish$/,
      times: 1,
      timeout: true,
    });
    const controller = new AbortController();
    const lost = h.context({
      account,
      content: unique('Expired after publish'),
      mediaItems: [image('e')],
      signal: controller.signal,
    });
    const failure = platformFailure(adapter.publish(lost));
    await h.sim.calls.waitFor({ platform: 'instagram', method: 'POST', path: /\/media_publish$/ });
    controller.abort();
    assert.equal((await failure).errorClass, 'unknown_outcome');
    h.sim.clock.advance(25 * 3600_000);
    const retry = h.resume(lost);
    assert.deepEqual(await adapter.reconcile(retry), { state: 'absent' });
    const err = await platformFailure(adapter.publish(h.resume(retry)));
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /expired .* after a publish was attempted/);
    assert.equal(containerCalls().length, 1, 'no second container');
  });

  it('after a crash between the container and the publish, resumes with the same container', async () => {
    const content = unique('Crash');
    const ctx = context(content, [image('cr')]);
    ctx.saveCheckpoint = async (patch) => {
      Object.assign(ctx.stored, patch);
      if (patch.containerId) throw new Error('worker died');
    };
    await assert.rejects(adapter.publish(ctx), /worker died/);
    assert.ok(ctx.stored.containerId);
    assert.equal(publishCalls(), 0);
    const { result, ctx: done } = await publishThroughPending(h, adapter, h.resume(ctx));
    assert.equal(done.stored.containerId, ctx.stored.containerId);
    assert.equal(containerCalls().length, 1);
    assert.equal(posts(content)[0]?.id, result.platformPostId);
  });

  it('reconciles an ambiguous publish by the container status: PUBLISHED gives the post, no second publish', async () => {
    const content = unique('Ambiguous');
    h.sim.faults.add({
      platform: 'instagram',
      method: 'POST',
      path: /\/media_publish$/,
      times: 1,
      dropAfterCommit: 'status',
      status: 502,
    });
    const ctx = context(content, [image('amb')]);
    const err = await platformFailure(adapter.publish(ctx));
    assert.equal(err.errorClass, 'unknown_outcome');
    assert.equal(ctx.creates.length, 1);
    const found = await adapter.reconcile(h.resume(ctx));
    const [post] = posts(content);
    assert.deepEqual(found, {
      state: 'published',
      platformPostId: post?.id,
      platformPostUrl: `https://www.instagram.com/p/${shortcodeOf(post?.id ?? '')}/`,
    });
    assert.equal(publishCalls(), 1);
    assert.equal(posts(content).length, 1);
  });

  it('reconciles by time when the media list leaves captions out: one post since the container is it', async () => {
    const content = unique('No captions');
    h.sim.faults.add({
      platform: 'instagram',
      method: 'POST',
      path: /\/media_publish$/,
      times: 1,
      dropAfterCommit: 'reset',
    });
    const ctx = context(content, [image('nc')]);
    assert.equal((await platformFailure(adapter.publish(ctx))).errorClass, 'unknown_outcome');
    const [post] = posts(content);
    const permalink = `https://www.instagram.com/p/${shortcodeOf(post?.id ?? '')}/`;
    const listWithout = (data: unknown[]) =>
      h.sim.faults.add({
        platform: 'instagram',
        method: 'GET',
        path: /\/media$/,
        times: 1,
        status: 200,
        body: { data, paging: {} },
      });
    listWithout([{ id: post?.id, permalink }]);
    assert.deepEqual(await adapter.reconcile(h.resume(ctx)), {
      state: 'published',
      platformPostId: post?.id,
      platformPostUrl: permalink,
    });
    listWithout([
      { id: post?.id, permalink },
      { id: '1', permalink: 'https://www.instagram.com/p/B/' },
    ]);
    const two = await adapter.reconcile(h.resume(ctx));
    assert.equal(two.state, 'unknown', 'two posts and no captions: it can not tell');
  });
});
