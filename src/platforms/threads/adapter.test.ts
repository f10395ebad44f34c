/**
 * The Threads adapter against the simulator over real HTTP: what is Threads' own
 * (text with links, replyControl, altText per item, carousels of 2 to 20, the
 * 30 s Meta recommends before publishing media, the "Media Not Found" race,
 * ERROR containers, the container that no longer answers `status` once
 * published, the post quota). Error classes, lost creates, crash resume and
 * delete are in conformance.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { mp4Stub, png } from '../../media/testing.ts';
import { shortcodeOf } from '../../simulator/platforms/_shared/meta-container.ts';
import type { AccountCredentials, MediaItem } from '../contract.ts';
import { publishThroughPending } from '../shared/meta-testing.ts';
import { type AdapterHarness, platformFailure, startAdapterHarness } from '../shared/testing.ts';
import { THREADS_SETTLE_MS } from './container.ts';
import { threadsModule } from './index.ts';

const USER = '25000000000000001';
/** The settle wait counts from the container's creation, a few milliseconds before it is asked. */
const assertSettleWait = (ms: number | undefined) =>
  assert.ok(ms !== undefined && ms > THREADS_SETTLE_MS - 1000 && ms <= THREADS_SETTLE_MS, `waits ${ms} ms`);
const adapter = threadsModule.publisher;
type Rec = Record<string, string>;

describe('Threads adapter against the simulator', () => {
  let h: AdapterHarness;
  let account: AccountCredentials;
  const settings = () => h.sim.state.collection<unknown>('threads', 'settings');
  before(async () => {
    h = await startAdapterHarness('threads');
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
  const image = (name: string): MediaItem => ({
    type: 'image',
    url: h.fixtures.set(`/th/${name}.png`, png(400, 300), 'image/png'),
  });
  const video = (name = 'v'): MediaItem => ({
    type: 'video',
    url: h.fixtures.set(`/th/${name}.mp4`, mp4Stub(300_000), 'video/mp4'),
  });
  const containers = () =>
    h.sim.calls.list({ platform: 'threads', method: 'POST', path: /\/threads$/ }).map((c) => c.body as Rec);
  const publishes = () =>
    h.sim.calls.count({ platform: 'threads', method: 'POST', path: /\/threads_publish$/ });
  const posts = (text: string) => h.sim.state.listPosts('threads', { where: (p) => p.data.text === text });
  const context = (content: string, mediaItems: MediaItem[] = [], platformSpecificData = {}) =>
    h.context({ account, content, mediaItems, platformSpecificData });

  it('publishes text with links at once, with replyControl, and answers the permalink', async () => {
    const content = unique('Read https://example.com/a and https://example.com/b');
    const { result, waits } = await publishThroughPending(
      h,
      adapter,
      context(content, [], { replyControl: 'mentioned_only', altText: ['ignored'] }),
    );
    assert.deepEqual(waits, [], 'a text container has nothing to process');
    const [body] = containers();
    assert.equal(body?.media_type, 'TEXT');
    assert.equal(body?.text, content);
    assert.equal(body?.reply_control, 'mentioned_only');
    assert.equal(body?.alt_text, undefined, 'text posts take no alt text');
    assert.equal(
      result.platformPostUrl,
      `https://www.threads.net/@sim_threads/post/${shortcodeOf(result.platformPostId)}`,
    );
    assert.equal(posts(content)[0]?.data.replyControl, 'mentioned_only');
  });

  it('waits the 30 s Meta recommends before publishing an image, with its alt text', async () => {
    const content = unique('A picture');
    const { waits } = await publishThroughPending(
      h,
      adapter,
      context(content, [image('one')], { altText: ['A red square'] }),
    );
    assert.equal(waits.length, 1);
    assertSettleWait(waits[0]);
    const [body] = containers();
    assert.equal(body?.media_type, 'IMAGE');
    assert.equal(body?.alt_text, 'A red square');
    assert.equal(posts(content)[0]?.kind, 'IMAGE');
  });

  it('polls a video that processes over several polls, then publishes it', async () => {
    settings().set('videoPolls', 3);
    const content = unique('A video');
    const { waits } = await publishThroughPending(h, adapter, context(content, [video()]));
    assertSettleWait(waits[0]);
    assert.deepEqual(waits.slice(1), [2000, 4000, 8000]);
    assert.equal(containers()[0]?.media_type, 'VIDEO');
    assert.equal(posts(content).length, 1);
  });

  it('publishes a carousel: children with their alt texts, replyControl on the carousel only; one post', async () => {
    const content = unique('Carousel');
    const { result } = await publishThroughPending(
      h,
      adapter,
      context(content, [image('c1'), video('c2'), image('c3')], {
        replyControl: 'accounts_you_follow',
        altText: ['first', 'second'],
      }),
    );
    const bodies = containers();
    assert.equal(bodies.length, 4);
    assert.deepEqual(
      bodies.slice(0, 3).map((b) => [b.is_carousel_item, b.media_type, b.alt_text, b.reply_control]),
      [
        ['true', 'IMAGE', 'first', undefined],
        ['true', 'VIDEO', 'second', undefined],
        ['true', 'IMAGE', undefined, undefined],
      ],
    );
    const parent = bodies[3] as Rec;
    assert.equal(parent.media_type, 'CAROUSEL');
    assert.equal(parent.reply_control, 'accounts_you_follow');
    assert.equal(parent.text, content);
    assert.equal(publishes(), 1);
    const [post] = posts(content);
    assert.equal(post?.id, result.platformPostId);
    assert.equal((post?.data.media as unknown[] | undefined)?.length, 3);
  });

  it('retries "Media Not Found" (24/4279009) right after FINISHED on the same container', async () => {
    settings().set('notFoundAfterFinish', 2);
    const content = unique('Race');
    const { waits, ctx } = await publishThroughPending(h, adapter, context(content));
    assert.deepEqual(waits, [5000, 5000]);
    assert.equal(containers().length, 1, 'the same container each time');
    assert.equal(publishes(), 3);
    assert.equal(ctx.stored.notReady, 2);
    assert.equal(posts(content).length, 1);
  });

  it('gives up on "Media Not Found" after three tries, with the platform’s message', async () => {
    settings().set('notFoundAfterFinish', 3);
    const ctx = context(unique('Never found'));
    const first = await adapter.publish(ctx);
    assert.equal(first.state, 'pending');
    const again = h.resume(ctx);
    assert.equal((await adapter.publish(again)).state, 'pending');
    const err = await platformFailure(adapter.publish(h.resume(again)));
    assert.equal(err.errorClass, 'permanent');
    assert.equal(err.platformCode, '24/4279009');
    assert.match(err.message, /^Threads: The media with id \d+ cannot be found\.$/);
  });

  it("holds an image to Threads' media rules: 1:12 ends the container in INVALID_ASPEC_RATIO", async () => {
    const tall: MediaItem = {
      type: 'image',
      url: h.fixtures.set('/th/tall.png', png(100, 1200), 'image/png'),
    };
    const ctx = context(unique('Too tall'), [tall]);
    assert.equal((await adapter.publish(ctx)).state, 'pending');
    h.sim.clock.advance(THREADS_SETTLE_MS);
    const err = await platformFailure(adapter.publish(h.resume(ctx)));
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /aspect ratio is out of range .*INVALID_ASPEC_RATIO/);
    assert.equal(publishes(), 0);
  });

  it("fails an ERROR container with Threads' error_message", async () => {
    settings().set('failProcessing', 'INVALID_DURATION');
    settings().set('videoPolls', 0);
    const ctx = context(unique('Too long'), [video()]);
    assert.equal((await adapter.publish(ctx)).state, 'pending');
    h.sim.clock.advance(THREADS_SETTLE_MS);
    const err = await platformFailure(adapter.publish(h.resume(ctx)));
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /the video is too long .*INVALID_DURATION/);
    assert.equal(publishes(), 0);
  });

  it('reconciles when the published container no longer answers `status` (observed), finding the post', async () => {
    const content = unique('Lost answer');
    h.sim.faults.add({
      platform: 'threads',
      method: 'POST',
      path: /\/threads_publish$/,
      times: 1,
      dropAfterCommit: 'reset',
    });
    const ctx = context(content);
    assert.equal((await platformFailure(adapter.publish(ctx))).errorClass, 'unknown_outcome');
    h.sim.faults.add({
      platform: 'threads',
      method: 'GET',
      path: new RegExp(`/${String(ctx.stored.containerId)}$`),
      times: 1,
      status: 400,
      body: {
        error: { message: 'Tried accessing nonexisting field (status)', code: 100, type: 'THApiException' },
      },
    });
    const found = await adapter.reconcile(h.resume(ctx));
    const [post] = posts(content);
    assert.equal(found.state, 'published');
    if (found.state === 'published') assert.equal(found.platformPostId, post?.id);
    assert.equal(publishes(), 1);
  });

  it('refuses text over 500 characters as Threads counts them (an emoji counts its bytes)', async () => {
    const content = '😀'.repeat(126); // 126 × 4 bytes = 504
    const err = await platformFailure(adapter.publish(context(content)));
    assert.equal(err.errorClass, 'permanent');
    assert.equal(err.message, 'Threads: Param text must be at most 500 characters long.');
    assert.equal(
      (await publishThroughPending(h, adapter, context('😀'.repeat(125)))).result.state,
      'published',
    );
  });

  it('reads the 24 h post quota refusal as a rate limit', async () => {
    settings().set('quotaTotal', 0);
    const err = await platformFailure(adapter.publish(context(unique('Over quota'))));
    assert.equal(err.errorClass, 'rate_limited');
    assert.ok((err.retryAfterMs ?? 0) > 0);
  });
});
