/**
 * End to end through the service on SQLite and PostgreSQL: a post to TikTok and
 * X, published now (a video: TikTok's chunked upload and publish status, followed
 * by re-queued status polls) and scheduled (a photo carousel pulled by TikTok),
 * ends `published` with both platforms' URLs, and the signed webhook says
 * `post.published`. Each platform holds exactly one post per request.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import sharp from 'sharp';
import { type FixtureServer, mp4Stub, startFixtureServer } from '../src/media/testing.ts';
import type { Platform } from '../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { type Receiver, startReceiver } from './notifications/receiver.ts';
import { connectSimulated, subscribeWebhook } from './publishing-e2e.ts';

const ACCOUNTS: Partial<Record<Platform, { user: string; scopes: string[] }>> = {
  tiktok: { user: 'sim-tiktok-open-id-0001', scopes: ['user.info.basic', 'video.publish', 'video.upload'] },
  twitter: { user: '1500000000000000001', scopes: [] },
};

/** A real JPEG: TikTok photos are JPEG or WebP, and the simulator holds them to that. */
const JPEG = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#808080' } })
  .jpeg()
  .toBuffer();

forEachDatabase('publishing to TikTok through the API', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let hooks: Receiver;
  const platforms: { platform: Platform; accountId: string }[] = [];

  before(async () => {
    sim = await startSimulator();
    fixtures = await startFixtureServer();
    hooks = await startReceiver();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '1000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
      },
    });
    await subscribeWebhook(t, hooks.url);
    for (const [platform, who] of Object.entries(ACCOUNTS) as [
      Platform,
      { user: string; scopes: string[] },
    ][]) {
      const accountId = await connectSimulated(t, sim, platform, who.user, { scopes: who.scopes });
      platforms.push({ platform, accountId });
    }
  });
  after(async () => {
    await t.close();
    await hooks.close();
    await fixtures.close();
    await sim.close();
  });

  const eventsFor = (postId: string) => hooks.received.filter((r) => r.body?.data?.post?.id === postId);
  /** Waits for the post's final webhook (no sleeping: each arrival wakes the loop). */
  async function finalEvent(postId: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const final = eventsFor(postId).find((e) => /^post\.(published|partial|failed)$/.test(e.body.type));
      if (final) return final;
      if (Date.now() > deadline) throw new Error(`no final webhook for ${postId}`);
      await hooks.waitFor(hooks.received.length + 1, Math.max(1, deadline - Date.now())).catch(() => {});
    }
  }
  const onPlatform = (platform: Platform, content: string) =>
    sim.state.listPosts(platform, {
      where: (p) => (p.data.description ?? p.data.title ?? p.data.text) === content,
    });

  async function expectPublished(postId: string, content: string) {
    const event = await finalEvent(postId);
    assert.equal(event.body.type, 'post.published', JSON.stringify(event.body.data.platforms));
    const post = (await t.request('GET', `/v1/posts/${postId}`)).body.post;
    assert.equal(post.status, 'published');
    const urls = Object.fromEntries(
      (post.platforms as { platform: string; platformPostUrl: string }[]).map((p) => [
        p.platform,
        p.platformPostUrl,
      ]),
    );
    const [tiktok] = onPlatform('tiktok', content);
    assert.ok(tiktok, 'the TikTok post exists');
    assert.equal(urls.tiktok, `https://www.tiktok.com/@tiktokuser/video/${tiktok.id}`);
    assert.match(urls.twitter ?? '', /^https:\/\/x\.com\/twitteruser\/status\/\d{19}$/);
    assert.equal(onPlatform('tiktok', content).length, 1, 'one TikTok post');
    assert.equal(onPlatform('twitter', content).length, 1, 'one X post');
    return { event, tiktok };
  }

  it('publishes a video now to TikTok and X; the webhook says post.published', async () => {
    const content = `TikTok now ${dialect} ${Date.now()}`;
    const url = fixtures.set(`/e2e/tiktok-${dialect}.mp4`, mp4Stub(400_000), 'video/mp4');
    const res = await t.request('POST', '/v1/posts', {
      content,
      mediaItems: [{ type: 'video', url }],
      platforms: platforms.map((p) =>
        p.platform === 'tiktok'
          ? { ...p, platformSpecificData: { privacyLevel: 'SELF_ONLY', isAigc: true } }
          : p,
      ),
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    const { tiktok } = await expectPublished(res.body.postId, content);
    assert.equal(tiktok.kind, 'video');
    assert.equal(tiktok.data.privacy_level, 'SELF_ONLY');
    assert.equal(tiktok.data.is_aigc, true);
    assert.equal(sim.calls.count({ platform: 'tiktok', path: '/v2/post/publish/video/init/' }) >= 1, true);

    const listed = (await t.request('GET', '/v1/platforms')).body.platforms as {
      name: string;
      status: string;
      availability: string;
    }[];
    assert.equal(listed.find((p) => p.name === 'tiktok')?.availability, 'available');
    assert.equal(listed.find((p) => p.name === 'tiktok')?.status, 'prod');
    // TikTok's API can not delete posts: the answer says so for TikTok, and X's post goes.
    const del = await t.request('DELETE', `/v1/posts/${res.body.postId}?deleteFromPlatforms=true`);
    const byPlatform = Object.fromEntries(
      (del.body.platforms as { platform: string; success: boolean; errorMessage?: string }[]).map((p) => [
        p.platform,
        p,
      ]),
    );
    assert.equal(byPlatform.tiktok?.success, false, del.text);
    assert.match(byPlatform.tiktok?.errorMessage ?? '', /can not delete posts/);
    assert.equal(byPlatform.twitter?.success, true, del.text);
    assert.equal(sim.state.getPost('tiktok', tiktok.id)?.deleted, false);
  });

  it('publishes a scheduled photo carousel to TikTok and X: post.scheduled, then post.published', async () => {
    const content = `TikTok later ${dialect} ${Date.now()}`;
    const images = [1, 2].map((i) => ({
      type: 'image',
      url: fixtures.set(`/e2e/tiktok-${dialect}-${i}.jpg`, JPEG, 'image/jpeg'),
    }));
    const initsBefore = sim.calls.count({ platform: 'tiktok', path: '/v2/post/publish/content/init/' });
    const when = new Date(Date.now() + 1000).toISOString();
    const res = await t.request('POST', '/v1/posts', {
      content,
      mediaItems: images,
      platforms: platforms.map((p) =>
        p.platform === 'tiktok'
          ? { ...p, platformSpecificData: { photoCoverIndex: 1, autoAddMusic: false } }
          : p,
      ),
      scheduledFor: when,
    });
    assert.equal(res.status, 202, res.text);
    const { tiktok } = await expectPublished(res.body.postId, content);
    assert.deepEqual(
      eventsFor(res.body.postId).map((e) => e.body.type),
      ['post.scheduled', 'post.published'],
    );
    assert.equal(tiktok.kind, 'photo');
    assert.equal(tiktok.data.photo_cover_index, 1);
    assert.equal(tiktok.data.auto_add_music, false);
    assert.equal(
      sim.calls.count({ platform: 'tiktok', path: '/v2/post/publish/content/init/' }) - initsBefore,
      1,
      'one init',
    );
  });
});
