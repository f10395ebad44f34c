/**
 * End to end through the service on SQLite and PostgreSQL: a post with a video to
 * YouTube and X, published now and scheduled, by the real adapters against the
 * simulator (the video fetched from a loopback server through the media
 * pipeline, uploaded to YouTube through a resumable session, processing answered
 * as pending by the engine's look-again), ends `published` with both URLs, and the
 * webhook subscriber hears `post.published`. The scheduled video is uploaded
 * private and made public once processed, and then gets its first comment.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type FixtureServer, mp4Stub, startFixtureServer } from '../src/media/testing.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { type Receiver, startReceiver } from './notifications/receiver.ts';
import { connectSimulated, subscribeWebhook } from './publishing-e2e.ts';

const YOUTUBE_USER = '110000000000000000001';
const X_USER = '1500000000000000001';

interface TargetView {
  platform: string;
  status: string;
  platformPostId: string | null;
  platformPostUrl: string | null;
  warningMessage: string | null;
}

forEachDatabase('publishing to YouTube through the service', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let receiver: Receiver;
  const targets: { platform: string; accountId: string }[] = [];

  before(async () => {
    sim = await startSimulator();
    // Processing takes a moment of simulator time: the engine looks again, no worker waits.
    sim.state.collection('youtube', 'settings').set('processingMs', 400);
    fixtures = await startFixtureServer();
    receiver = await startReceiver();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        NOTIFICATION_POLL_MS: '20',
        PUBLISH_WAIT_MS: '1000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
      },
    });
    await subscribeWebhook(t, receiver.url, ['post.published', 'post.partial', 'post.failed']);
    for (const [platform, user] of [
      ['youtube', YOUTUBE_USER],
      ['twitter', X_USER],
    ] as const) {
      const accountId = await connectSimulated(t, sim, platform, user, {
        platformUserId: platform === 'youtube' ? 'UCsimchannel000000000001' : user,
      });
      targets.push({ platform, accountId });
    }
  });
  after(async () => {
    await t.close();
    await receiver.close();
    await fixtures.close();
    await sim.close();
  });

  /** The webhook event of the post, once it arrived. */
  async function eventOf(postId: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const got = receiver.received.find((r) => r.body?.data?.post?.id === postId);
      if (got) return got.body as { type: string; data: { platforms: TargetView[] } };
      if (Date.now() > deadline) throw new Error(`no webhook for ${postId}`);
      await receiver.waitFor(receiver.received.length + 1, 20_000).catch(() => {});
    }
  }

  const videoWith = (content: string) =>
    sim.state.listPosts('youtube', {
      where: (p) => (p.data.snippet as { description?: string }).description === content,
    });

  function assertUrls(platforms: TargetView[]) {
    const by = Object.fromEntries(platforms.map((p) => [p.platform, p]));
    assert.equal(by.youtube?.status, 'published', JSON.stringify(platforms));
    assert.equal(by.twitter?.status, 'published', JSON.stringify(platforms));
    assert.match(
      by.youtube?.platformPostUrl ?? '',
      /^https:\/\/www\.youtube\.com\/watch\?v=[A-Za-z0-9_-]{11}$/,
    );
    assert.match(by.twitter?.platformPostUrl ?? '', /^https:\/\/x\.com\/twitteruser\/status\/\d{19}$/);
    assert.equal(by.youtube?.warningMessage, null);
    return by;
  }

  it('publishes a video now to YouTube and X; the webhook says post.published with both URLs', async () => {
    const clip = fixtures.set(`/e2e/now-${dialect}.mp4`, mp4Stub(3 * 1024 * 1024), 'video/mp4');
    const content = `Our new video ${dialect} ${Date.now()}`;
    const res = await t.request('POST', '/v1/posts', {
      content,
      mediaItems: [{ type: 'video', url: clip }],
      platforms: targets.map((target) =>
        target.platform === 'youtube'
          ? {
              ...target,
              platformSpecificData: { title: 'Our new video', tags: ['launch'], firstComment: 'Thanks!' },
            }
          : target,
      ),
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    const event = await eventOf(postId);
    assert.equal(event.type, 'post.published', JSON.stringify(event));
    const by = assertUrls(event.data.platforms);

    const read = await t.request('GET', `/v1/posts/${postId}`);
    assert.equal(read.body.post.status, 'published', read.text);
    const videos = videoWith(content);
    assert.equal(videos.length, 1, 'one video on the channel');
    assert.equal(videos[0]?.id, by.youtube?.platformPostId);
    const data = videos[0]?.data as { snippet: { title: string }; status: { privacyStatus: string } };
    assert.equal(data.snippet.title, 'Our new video');
    assert.equal(data.status.privacyStatus, 'public');
    assert.equal(sim.countPosts('twitter', { where: (p) => p.data.text === content }), 1);
    assert.equal(
      sim.calls.count({ platform: 'youtube', method: 'POST', path: '/youtube/v3/commentThreads' }) >= 1,
      true,
      'the first comment was posted',
    );
  });

  it('a scheduled post uploads private at its time, becomes public, and the webhook says post.published', async () => {
    const clip = fixtures.set(`/e2e/later-${dialect}.mp4`, mp4Stub(1024 * 1024), 'video/mp4');
    const content = `Scheduled video ${dialect} ${Date.now()}`;
    const when = new Date(Date.now() + 1500).toISOString();
    const res = await t.request('POST', '/v1/posts', {
      content,
      mediaItems: [{ type: 'video', url: clip }],
      platforms: targets.map((target) =>
        target.platform === 'youtube'
          ? { ...target, platformSpecificData: { visibility: 'public', firstComment: 'It is live' } }
          : target,
      ),
      scheduledFor: when,
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.status, 'scheduled');
    const postId = res.body.postId as string;
    const event = await eventOf(postId);
    assert.equal(event.type, 'post.published', JSON.stringify(event));
    const by = assertUrls(event.data.platforms);
    const videos = videoWith(content);
    assert.equal(videos.length, 1);
    assert.equal(videos[0]?.id, by.youtube?.platformPostId);
    assert.ok(Date.parse(videos[0]?.createdAt ?? '') >= Date.parse(when), 'uploaded at the scheduled time');
    const data = videos[0]?.data as { status: { privacyStatus: string } };
    assert.equal(data.status.privacyStatus, 'public');
    const start = sim.calls
      .list({ platform: 'youtube', method: 'POST', path: '/upload/youtube/v3/videos' })
      .find((c) => (c.body as { snippet?: { description?: string } }).snippet?.description === content);
    const uploaded = start?.body as { status: { privacyStatus: string } } | undefined;
    assert.equal(uploaded?.status.privacyStatus, 'private');
    const comment = sim.calls
      .list({ platform: 'youtube', method: 'POST', path: '/youtube/v3/commentThreads' })
      .find((c) => JSON.stringify(c.body).includes(by.youtube?.platformPostId ?? '-'));
    assert.equal(comment?.status, 200);
  });
});
