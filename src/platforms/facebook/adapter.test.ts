/**
 * The Facebook Pages adapter against the simulator over real HTTP: what is Facebook's
 * own (links, photos and albums, unpublished posts, video thumbnails, Graph codes).
 * The error classes, lost creates, crash resume and delete every publisher shares are
 * in conformance.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { gif, mp4Stub, png } from '../../media/testing.ts';
import type { AccountCredentials, PublishContext, Published } from '../contract.ts';
import { type AdapterHarness, platformFailure, startAdapterHarness } from '../shared/testing.ts';
import { facebookModule } from './index.ts';

const USER = '10000000000000001';
const PAGE = '200000000000001';
/** Feed posts are final at once: publish answers them published (Reels and Stories may be pending). */
const adapter = {
  ...facebookModule.publisher,
  async publish(ctx: PublishContext): Promise<Published> {
    const r = await facebookModule.publisher.publish(ctx);
    assert.equal(r.state, 'published', JSON.stringify(r));
    return r as Published;
  },
};
type Rec = Record<string, unknown>;

describe('Facebook Pages adapter against the simulator', () => {
  let h: AdapterHarness;
  let page: AccountCredentials;
  before(async () => {
    h = await startAdapterHarness('facebook');
  });
  after(() => h.close());
  beforeEach(() => {
    h.sim.faults.clear();
    page = h.account(USER, {}, PAGE);
  });
  const stored = (id: string) =>
    h.sim.state.getPost('facebook', id) as { kind: string; data: Rec } | undefined;
  let n = 0;
  const unique = (s: string) => `${s} ${++n}`;
  const image = (name: string, w = 200) => ({
    type: 'image' as const,
    url: h.fixtures.set(`/fb/${name}.png`, png(w, 100), 'image/png'),
  });
  const video = () => ({
    type: 'video' as const,
    url: h.fixtures.set('/fb/v.mp4', mp4Stub(300_000), 'video/mp4'),
  });

  it("holds a photo to Facebook's media rules: one over 4 MB is refused with 1366046, nothing published", async () => {
    const big = {
      type: 'image' as const,
      url: h.fixtures.set('/fb/big.png', png(400, 300, 5_000_000), 'image/png'),
    };
    const err = await platformFailure(
      adapter.publish(h.context({ account: page, content: unique('Too big'), mediaItems: [big] })),
    );
    assert.equal(err.errorClass, 'permanent');
    assert.equal(err.platformCode, '100/1366046');
    assert.equal(
      h.sim.state.listPosts('facebook', {
        where: (p) => p.kind === 'photo' && p.data.message === `Too big ${n}`,
      }).length,
      0,
    );
  });

  it('publishes text, and a link preview on text-only posts', async () => {
    const text = await adapter.publish(h.context({ account: page, content: unique('Hello Page') }));
    assert.match(text.platformPostId, new RegExp(`^${PAGE}_\\d+$`));
    assert.equal(text.platformPostUrl, `https://www.facebook.com/${text.platformPostId}`);
    assert.equal(stored(text.platformPostId)?.data.published, true);
    const link = await adapter.publish(
      h.context({
        account: page,
        content: unique('A link'),
        platformSpecificData: { link: 'https://example.com/story' },
      }),
    );
    assert.equal(stored(link.platformPostId)?.data.link, 'https://example.com/story');
  });

  it('publishes one photo (the link is ignored with media) and unpublished posts', async () => {
    const photo = await adapter.publish(
      h.context({
        account: page,
        content: unique('One photo'),
        mediaItems: [image('one')],
        platformSpecificData: { link: 'https://example.com/ignored' },
      }),
    );
    const post = stored(photo.platformPostId);
    assert.equal(post?.kind, 'photo');
    assert.equal(post?.data.link, undefined);
    const dark = await adapter.publish(
      h.context({ account: page, content: unique('Not yet'), platformSpecificData: { published: false } }),
    );
    assert.equal(stored(dark.platformPostId)?.data.published, false);
  });

  it('publishes several photos as unpublished uploads attached to one post, uploading each once across retries', async () => {
    h.sim.calls.clear();
    h.sim.faults.add({
      platform: 'facebook',
      method: 'POST',
      path: /\/feed$/,
      status: 400,
      body: { error: { message: 'An unknown error occurred', code: 1, type: 'OAuthException' } },
      times: 1,
    });
    const ctx = h.context({
      account: page,
      content: unique('Album'),
      mediaItems: [image('a'), image('b'), image('c')],
    });
    assert.equal((await platformFailure(adapter.publish(ctx))).errorClass, 'transient');
    assert.equal((ctx.stored.photoIds as string[]).length, 3);
    const retry = h.resume(ctx);
    const result = await adapter.publish(retry);
    assert.deepEqual(stored(result.platformPostId)?.data.attached, ctx.stored.photoIds);
    assert.equal(
      h.sim.calls.count({ method: 'POST', path: /\/photos$/ }),
      3,
      'the photos were not uploaded again',
    );
  });

  it('publishes a video and applies videoThumbnailUrl after publishing', async () => {
    h.sim.calls.clear();
    const thumb = h.fixtures.set('/fb/thumb.gif', gif(1280, 720), 'image/gif');
    const result = await adapter.publish(
      h.context({
        account: page,
        content: unique('A video'),
        mediaItems: [video()],
        platformSpecificData: { videoThumbnailUrl: thumb },
      }),
    );
    assert.equal(result.platformPostUrl, `https://www.facebook.com/${PAGE}/videos/${result.platformPostId}`);
    assert.equal(result.warningMessage, undefined);
    assert.equal(stored(result.platformPostId)?.kind, 'video');
    assert.equal(stored(result.platformPostId)?.data.preferredThumbnailBytes, gif(1280, 720).length);
    assert.equal(h.sim.calls.count({ path: `/v25.0/${result.platformPostId}/thumbnails` }), 1);
    const upload = h.sim.calls.last({ path: `/v25.0/${PAGE}/videos` });
    assert.equal(upload?.host, 'graph-video.facebook.com', 'the video went to the video host');
  });

  it('the simulated Graph refuses a video file sent to the main host, as Meta documents the video host', async () => {
    const content = unique('wrong host');
    const ctx = h.context({ account: page, content, mediaItems: [video()] });
    // The video "host" set to the main Graph host of the simulator.
    const err = await platformFailure(adapter.publish({ ...ctx, extraBaseUrls: { video: ctx.baseUrl } }));
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /graph-video\.facebook\.com/);
    assert.equal(h.sim.countPosts('facebook', { where: (p) => p.data.description === content }), 0);
  });

  it('turns a thumbnail that can not be applied into a warning; the post still succeeds', async () => {
    const narrow = h.fixtures.set('/fb/narrow.png', png(320, 180), 'image/png');
    const small = await adapter.publish(
      h.context({
        account: page,
        content: unique('v1'),
        mediaItems: [video()],
        platformSpecificData: { videoThumbnailUrl: narrow },
      }),
    );
    assert.ok(stored(small.platformPostId));
    assert.match(
      small.warningMessage ?? '',
      /thumbnail was not applied: videoThumbnailUrl .* must be at least 640 px wide, it is 320 px/,
    );

    h.sim.faults.add({
      platform: 'facebook',
      path: /\/thumbnails$/,
      status: 400,
      body: { error: { message: '(#100) Invalid thumbnail', code: 100 } },
      times: 1,
    });
    const good = h.fixtures.set('/fb/good.png', png(800, 450), 'image/png');
    const refused = await adapter.publish(
      h.context({
        account: page,
        content: unique('v2'),
        mediaItems: [video()],
        platformSpecificData: { videoThumbnailUrl: good },
      }),
    );
    assert.match(
      refused.warningMessage ?? '',
      /thumbnail was not applied: Facebook: \(#100\) Invalid thumbnail/,
    );
  });

  it('can not tell whether an unpublished post exists: the feed does not list them', async () => {
    assert.equal(
      (
        await adapter.reconcile(
          h.context({ account: page, content: 'x', platformSpecificData: { published: false } }),
        )
      ).state,
      'unknown',
    );
  });

  it('reads an expired token (code 190) as auth, with its code', async () => {
    const stale = h.account(USER, {}, PAGE);
    h.sim.state.expireTokens({ platform: 'facebook' });
    const auth = await platformFailure(
      adapter.publish(h.context({ account: stale, content: unique('expired') })),
    );
    assert.equal(auth.errorClass, 'auth');
    assert.match(auth.platformCode ?? '', /^190/);
  });
});
