/**
 * The Pinterest adapter against the simulator over real HTTP: what is Pinterest's
 * own (every PinterestConfigurations field, images as data or URLs, carousels,
 * video upload and processing answered as pending, the board check, its error
 * codes); reconcile's matching is in reconcile.test.ts. The error classes, lost
 * creates, crash resume and delete every publisher shares are in conformance.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { gif, mp4Stub, png } from '../../media/testing.ts';
import type { AccountCredentials, MediaItem, PublishResult } from '../contract.ts';
import {
  type AdapterHarness,
  platformFailure,
  startAdapterHarness,
  type TestContext,
} from '../shared/testing.ts';
import { pinterestModule } from './index.ts';
import { processingWaitMs } from './publish.ts';

const USER = '549755885175';
const BOARD = '549755885176';
const OTHER_USER = '549755899001';
const OTHER_PUBLIC_BOARD = '549755899002';
const OTHER_SECRET_BOARD = '549755899003';
const GROUP_BOARD = '549755899004';
const adapter = pinterestModule.publisher;
/** An 8×8 white JPEG (made with ffmpeg). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABLAAEBAAAAAAAAAAAAAAAAAAAABwEBAAAAAAAAAAAAAAAAAAAAABABAAAAAAAAAAAAAAAAAAAAABEBAAAAAAAAAAAAAAAAAAAAAP/AABEIAAgACAMBIgACEQADEQD/2gAMAwEAAhEDEQA/AL+AD//Z',
  'base64',
);
type Rec = Record<string, unknown>;

describe('Pinterest adapter against the simulator', () => {
  let h: AdapterHarness;
  let me: AccountCredentials;
  const settings = () => h.sim.state.collection<unknown>('pinterest', 'settings');
  before(async () => {
    h = await startAdapterHarness('pinterest');
    h.sim.addAccount('pinterest', {
      id: OTHER_USER,
      username: 'someone_else',
      name: 'Someone Else',
      boards: [
        { id: OTHER_PUBLIC_BOARD, name: 'Public', description: '', privacy: 'PUBLIC' },
        { id: OTHER_SECRET_BOARD, name: 'Secret', description: '', privacy: 'SECRET' },
        { id: GROUP_BOARD, name: 'Group', description: '', privacy: 'SECRET', collaborators: [USER] },
      ],
    });
  });
  after(() => h.close());
  beforeEach(() => {
    h.sim.faults.clear();
    h.sim.calls.clear();
    settings().clear();
    me = h.account(USER);
  });

  let n = 0;
  const unique = (s: string) => `${s} ${++n}`;
  const image = (name: string, w = 200, h_ = 100): MediaItem => ({
    type: 'image',
    url: h.fixtures.set(`/pin/${name}.png`, png(w, h_), 'image/png'),
  });
  const gifImage = (name: string): MediaItem => ({
    type: 'image',
    url: h.fixtures.set(`/pin/${name}.gif`, gif(300, 200), 'image/gif'),
  });
  const video = (): MediaItem => ({
    type: 'video',
    url: h.fixtures.set('/pin/v.mp4', mp4Stub(300_000), 'video/mp4'),
  });
  const context = (content: string, mediaItems: MediaItem[], data: Rec = {}) =>
    h.context({ account: me, content, mediaItems, platformSpecificData: { boardId: BOARD, ...data } });
  const stored = (id: string) => h.sim.state.getPost('pinterest', id)?.data as Rec;
  const published = (r: PublishResult) => {
    assert.equal(r.state, 'published', JSON.stringify(r));
    return r as Extract<PublishResult, { state: 'published' }>;
  };
  /** Publishes, moving the simulator's clock by each pending wait; answers every result on the way. */
  async function publishThrough(first: TestContext) {
    const results: PublishResult[] = [];
    let ctx = first;
    for (let i = 0; i < 20; i++) {
      const r = await adapter.publish(ctx);
      results.push(r);
      if (r.state === 'published') return { results, final: r, ctx };
      h.sim.clock.advance(r.retryInMs);
      ctx = h.resume(ctx);
    }
    throw new Error('still pending');
  }

  it("is held to Pinterest's image pin rules: an image over 20 MB is refused with code 1, no pin made", async () => {
    const heavy: MediaItem = {
      type: 'image',
      url: h.fixtures.set('/pin/heavy.png', png(200, 100, 21_000_000), 'image/png'),
    };
    const text = unique('Heavy');
    const err = await platformFailure(adapter.publish(context(text, [heavy])));
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /the image is .*Pinterest image pins/);
    assert.equal(h.sim.state.countPosts('pinterest', { where: (p) => p.data.description === text }), 0);
  });

  it('sends every PinterestConfigurations field; the text is the description', async () => {
    const content = unique('A pin about bread');
    const r = published(
      await adapter.publish(
        context(content, [image('opts')], {
          title: 'Sourdough at home',
          link: 'https://example.com/bread',
          altText: 'A loaf on a board',
          dominantColor: '#6E7874',
        }),
      ),
    );
    assert.equal(r.platformPostUrl, `https://www.pinterest.com/pin/${r.platformPostId}/`);
    const pin = stored(r.platformPostId);
    assert.equal(pin.board_id, BOARD);
    assert.equal(pin.title, 'Sourdough at home');
    assert.equal(pin.description, content);
    assert.equal(pin.link, 'https://example.com/bread');
    assert.equal(pin.alt_text, 'A loaf on a board');
    assert.equal(pin.dominant_color, '#6E7874');
  });

  it('takes the title from the first non-empty line of the text, cut to 100 characters', async () => {
    const first = `${'ü'.repeat(120)} ${++n}`;
    const long = published(await adapter.publish(context(`\n  ${first}  \nsecond line`, [image('t1')])));
    assert.equal(stored(long.platformPostId).title, 'ü'.repeat(100));
    const short = published(await adapter.publish(context(unique('Short title\nand more'), [image('t2')])));
    assert.equal(stored(short.platformPostId).title, 'Short title');
    const none = published(await adapter.publish(context('', [image('t3')])));
    assert.equal(stored(none.platformPostId).title, undefined);
    assert.equal(stored(none.platformPostId).description, undefined);
  });

  it('sends PNG and JPEG images as data, other image types as URLs for Pinterest to fetch', async () => {
    const png1 = published(await adapter.publish(context(unique('png'), [image('one')])));
    const source = stored(png1.platformPostId).media_source as Rec;
    assert.equal(source.source_type, 'image_base64');
    assert.equal(source.content_type, 'image/png');
    assert.deepEqual(Buffer.from(String(source.data), 'base64'), png(200, 100));

    const jpeg = { type: 'image' as const, url: h.fixtures.set('/pin/photo.jpg', JPEG, 'image/jpeg') };
    const viaJpeg = published(await adapter.publish(context(unique('jpeg'), [jpeg])));
    const jpegSource = stored(viaJpeg.platformPostId).media_source as Rec;
    assert.equal(jpegSource.source_type, 'image_base64');
    assert.equal(jpegSource.content_type, 'image/jpeg');
    assert.deepEqual(Buffer.from(String(jpegSource.data), 'base64'), JPEG);

    const g = gifImage('anim');
    const viaUrl = published(await adapter.publish(context(unique('gif'), [g])));
    assert.deepEqual(stored(viaUrl.platformPostId).media_source, { source_type: 'image_url', url: g.url });
  });

  it('publishes carousels of 2 to 5 images (as data, or as URLs when one is not JPEG/PNG)', async () => {
    const three = published(
      await adapter.publish(context(unique('carousel'), [image('c1'), image('c2'), image('c3')])),
    );
    const source = stored(three.platformPostId).media_source as { source_type: string; items: Rec[] };
    assert.equal(source.source_type, 'multiple_image_base64');
    assert.equal(source.items.length, 3);
    assert.ok(source.items.every((i) => i.content_type === 'image/png' && typeof i.data === 'string'));
    assert.equal(stored(three.platformPostId).media_type, 'multiple_images');

    const mixed = [image('m1'), gifImage('m2')];
    const urls = published(await adapter.publish(context(unique('mixed carousel'), mixed)));
    assert.deepEqual(stored(urls.platformPostId).media_source, {
      source_type: 'multiple_image_urls',
      items: mixed.map((m) => ({ url: m.url })),
    });
  });

  it('uploads a video once, answers pending while Pinterest processes it, then pins it with a key frame', async () => {
    settings().set('processingPolls', 3);
    const content = unique('video pin');
    const { results, final, ctx } = await publishThrough(context(content, [video()]));
    assert.deepEqual(
      results.slice(0, -1).map((r) => (r.state === 'pending' ? r.retryInMs : -1)),
      [1, 2, 3].map(processingWaitMs),
      'three reads said processing, each answered pending with a growing wait',
    );
    assert.match(results[0]?.state === 'pending' ? results[0].reason : '', /processing the video/);
    assert.equal(h.sim.calls.count({ method: 'POST', path: '/v5/media' }), 1, 'registered once');
    assert.equal(
      h.sim.calls.count({ method: 'POST', path: /^\/pinterest-media-upload/ }),
      1,
      'uploaded once',
    );
    assert.equal(h.sim.calls.count({ method: 'GET', path: /^\/v5\/media\// }), 4);
    assert.equal(ctx.creates.length, 1);
    const source = stored(final.platformPostId).media_source as Rec;
    assert.deepEqual(source, {
      source_type: 'video_id',
      media_id: ctx.stored.mediaId,
      cover_image_key_frame_time: 0,
    });
    assert.equal(stored(final.platformPostId).media_type, 'video');
    const upload = h.sim.calls.last({ path: /^\/pinterest-media-upload/ });
    assert.equal(upload?.headers.authorization, undefined, 'the Pinterest token never goes to S3');
  });

  it('uses coverImageUrl as the video cover (as data when PNG/JPEG)', async () => {
    settings().set('processingPolls', 0);
    const cover = h.fixtures.set('/pin/cover.png', png(640, 360), 'image/png');
    const { final } = await publishThrough(
      context(unique('video with cover'), [video()], { coverImageUrl: cover }),
    );
    const source = stored(final.platformPostId).media_source as Rec;
    assert.equal(source.cover_image_content_type, 'image/png');
    assert.deepEqual(Buffer.from(String(source.cover_image_data), 'base64'), png(640, 360));
    assert.equal(source.cover_image_key_frame_time, undefined);

    const gifCover = h.fixtures.set('/pin/cover.gif', gif(640, 360), 'image/gif');
    const viaUrl = await publishThrough(
      context(unique('video with gif cover'), [video()], { coverImageUrl: gifCover }),
    );
    assert.equal((stored(viaUrl.final.platformPostId).media_source as Rec).cover_image_url, gifCover);
  });

  it("fails for good when Pinterest's processing of the video fails", async () => {
    settings().set('failProcessing', true);
    const ctx = context(unique('broken video'), [video()]);
    const first = await adapter.publish(ctx);
    assert.equal(first.state, 'pending');
    h.sim.clock.advance(first.state === 'pending' ? first.retryInMs : 0);
    const err = await platformFailure(adapter.publish(h.resume(ctx)));
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /^Pinterest: the video could not be processed/);
  });

  it('fails a missing board, or one Pinterest will not show, for good before uploading anything', async () => {
    for (const boardId of ['123456789', OTHER_SECRET_BOARD]) {
      const content = unique('no such board');
      const ctx = context(content, [video()], { boardId });
      const err = await platformFailure(adapter.publish(ctx));
      assert.equal(err.errorClass, 'permanent');
      assert.equal(
        err.message,
        `Pinterest: board ${boardId} was not found on this account (Board not found.); choose one of GET /v1/pinterest/boards`,
      );
      assert.equal(ctx.creates.length, 0);
    }
    assert.equal(h.sim.calls.count({ method: 'POST' }), 0, 'nothing was registered or uploaded');
  });

  it("fails another account's board for good, naming its owner; a group board it collaborates on is its own", async () => {
    const ctx = context(unique('foreign board'), [image('f')], { boardId: OTHER_PUBLIC_BOARD });
    const err = await platformFailure(adapter.publish(ctx));
    assert.equal(err.errorClass, 'permanent');
    assert.equal(
      err.message,
      `Pinterest: board ${OTHER_PUBLIC_BOARD} belongs to someone_else, not to this account; choose one of GET /v1/pinterest/boards`,
    );
    assert.equal(ctx.creates.length, 0);

    const content = unique('group board');
    const group = published(await adapter.publish(context(content, [image('g')], { boardId: GROUP_BOARD })));
    assert.equal(stored(group.platformPostId).board_id, GROUP_BOARD);
    assert.equal(h.sim.state.getPost('pinterest', group.platformPostId)?.accountId, USER);
  });

  it("reads Pinterest's codes: 401 code 2 auth, 403 code 29 permanent, 429 code 8 with Retry-After", async () => {
    const auth = await platformFailure(
      adapter.publish(
        h.context({
          account: { ...me, accessToken: 'nope' },
          content: 'x',
          mediaItems: [image('e')],
          platformSpecificData: { boardId: BOARD },
        }),
      ),
    );
    assert.equal(auth.errorClass, 'auth');
    assert.equal(auth.platformCode, '2');
    assert.equal(auth.message, 'Pinterest: Authentication failed.');

    h.sim.faults.add({
      platform: 'pinterest',
      method: 'POST',
      path: '/v5/pins',
      status: 403,
      body: { code: 29, message: 'You are not permitted to access that resource.' },
      times: 1,
    });
    const denied = await platformFailure(adapter.publish(context(unique('denied'), [image('d')])));
    assert.equal(denied.errorClass, 'permanent');
    assert.equal(denied.platformCode, '29');

    h.sim.faults.add({
      platform: 'pinterest',
      method: 'POST',
      path: '/v5/pins',
      rateLimit: true,
      headers: { 'retry-after': '7' },
      times: 1,
    });
    const limited = await platformFailure(adapter.publish(context(unique('limited'), [image('l')])));
    assert.equal(limited.errorClass, 'rate_limited');
    assert.equal(limited.platformCode, '8');
    assert.equal(limited.retryAfterMs, 7000);
  });

  it("the simulator's own per-minute pin limit is a 429 code 8", async () => {
    settings().set('pinsPerMinute', 1);
    h.sim.clock.advance(61_000);
    published(await adapter.publish(context(unique('first in the minute'), [image('r1')])));
    const err = await platformFailure(
      adapter.publish(context(unique('second in the minute'), [image('r2')])),
    );
    assert.equal(err.errorClass, 'rate_limited');
    assert.equal(err.retryAfterMs, 60_000);
    h.sim.clock.advance(61_000);
  });
});
