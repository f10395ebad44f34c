/**
 * End to end through the HTTP API on SQLite and PostgreSQL: posts to Instagram and
 * to Threads, each with X, by the real adapters against the simulator, published
 * now and scheduled, end `published` with the platforms' permalinks, and the
 * webhook says `post.published`. The scheduled Instagram Reel takes several status
 * polls: the engine re-queues the job on each `pending` instead of a worker
 * waiting. Threads gets text here (media is post-wide, and a Threads media
 * container settles 30 s before publishing: adapter.test.ts covers that).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type FixtureServer, mp4Stub, startFixtureServer } from '../src/media/testing.ts';
import type { Platform } from '../src/platforms/names.ts';
import { jpeg } from '../src/platforms/shared/meta-testing.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { shortcodeOf } from '../src/simulator/platforms/_shared/meta-container.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { type Receiver, startReceiver } from './notifications/receiver.ts';
import { connectSimulated, subscribeWebhook } from './publishing-e2e.ts';
import { until } from './shared-store.ts';

const ACCOUNTS: Partial<Record<Platform, string>> = {
  instagram: '17841400000000001',
  threads: '25000000000000001',
  twitter: '1500000000000000001',
};

forEachDatabase('publishing to Instagram and Threads through the API', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let hooks: Receiver;
  const accountIds: Partial<Record<Platform, string>> = {};

  before(async () => {
    sim = await startSimulator();
    // A Reel stays IN_PROGRESS for two status reads.
    sim.state.collection('instagram', 'settings').set('videoPolls', 2);
    fixtures = await startFixtureServer();
    hooks = await startReceiver();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        NOTIFICATION_POLL_MS: '20',
        PUBLISH_WAIT_MS: '10000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
      },
    });
    for (const [platform, user] of Object.entries(ACCOUNTS) as [Platform, string][])
      accountIds[platform] = await connectSimulated(t, sim, platform, user);
    await subscribeWebhook(t, hooks.url);
  });
  after(async () => {
    await t.close();
    await hooks.close();
    await fixtures.close();
    await sim.close();
  });

  const targets = (...platforms: Platform[]) =>
    platforms.map((platform) => ({ platform, accountId: accountIds[platform] }));
  const eventsOf = (postId: string) =>
    hooks.received.filter((r) => r.body?.data?.post?.id === postId).map((r) => r.body);
  const read = async (postId: string) => (await t.request('GET', `/v1/posts/${postId}`)).body.post;
  const urlsOf = (post: { platforms: { platform: string; platformPostUrl: string }[] }) =>
    Object.fromEntries(post.platforms.map((p) => [p.platform, p.platformPostUrl]));
  const postsWith = (platform: Platform, field: string, text: string) =>
    sim.state.listPosts(platform, { where: (p) => p.data[field] === text });

  /** Creates the post, waits for every target to be published, answers the post and the platform URLs. */
  const publishAndSettle = async (body: Record<string, unknown>, timeoutMs = 15_000) => {
    const res = await t.request('POST', '/v1/posts', body);
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    await until(async () => (await read(postId)).status === 'published', timeoutMs).catch(async (err) => {
      throw new Error(`${(err as Error).message}: ${JSON.stringify((await read(postId)).platforms)}`);
    });
    const post = await read(postId);
    return { postId, status: res.body.status as string, urls: urlsOf(post) };
  };
  /** The webhook events of a post once `count` arrived, by type. */
  const events = async (postId: string, count: number) => {
    await until(() => eventsOf(postId).length >= count, 10_000);
    return eventsOf(postId);
  };
  const eventUrls = (event: { data: { platforms: { platform: string; platformPostUrl: string }[] } }) =>
    Object.fromEntries(event.data.platforms.map((p) => [p.platform, p.platformPostUrl]));

  it('publishes an image now to Instagram and X: permalinks, one post each, webhook post.published', async () => {
    const image = fixtures.set('/meta-e2e/photo.jpg', jpeg(1080, 1080), 'image/jpeg');
    const content = `Now on Instagram ${dialect} ${Date.now()}`;
    const { postId, urls } = await publishAndSettle({
      content,
      mediaItems: [{ type: 'image', url: image }],
      platforms: targets('instagram', 'twitter'),
      publishNow: true,
    });
    const [ig] = postsWith('instagram', 'caption', content);
    assert.ok(ig);
    assert.equal(postsWith('instagram', 'caption', content).length, 1);
    assert.equal(urls.instagram, `https://www.instagram.com/p/${shortcodeOf(ig.id)}/`);
    assert.match(urls.twitter ?? '', /^https:\/\/x\.com\/.+\/status\/\d+$/);
    const [event, ...more] = await events(postId, 1);
    assert.equal(more.length, 0);
    assert.equal(event.type, 'post.published');
    assert.deepEqual(eventUrls(event), urls);
  });

  it('publishes text now to Threads and X: permalinks, webhook post.published', async () => {
    const content = `Now on Threads ${dialect} ${Date.now()} https://example.com/launch`;
    const { postId, urls } = await publishAndSettle({
      content,
      platforms: [
        { ...targets('threads')[0], platformSpecificData: { replyControl: 'accounts_you_follow' } },
        ...targets('twitter'),
      ],
      publishNow: true,
    });
    const [th] = postsWith('threads', 'text', content);
    assert.ok(th);
    assert.equal(th.data.replyControl, 'accounts_you_follow');
    assert.equal(urls.threads, `https://www.threads.net/@sim_threads/post/${shortcodeOf(th.id)}`);
    const [event] = await events(postId, 1);
    assert.equal(event.type, 'post.published');
    assert.deepEqual(eventUrls(event), urls);
  });

  it('publishes a scheduled Reel whose container takes several polls, with X: post.scheduled, then post.published', async () => {
    const reel = fixtures.set('/meta-e2e/reel.mp4', mp4Stub(300_000), 'video/mp4');
    const content = `Scheduled reel ${dialect} ${Date.now()}`;
    sim.calls.clear();
    const { postId, status, urls } = await publishAndSettle(
      {
        content,
        mediaItems: [{ type: 'video', url: reel }],
        platforms: [
          { ...targets('instagram')[0], platformSpecificData: { shareToFeed: false, thumbOffset: 1000 } },
          ...targets('twitter'),
        ],
        scheduledFor: new Date(Date.now() + 1500).toISOString(),
      },
      30_000,
    );
    assert.equal(status, 'scheduled');
    const [ig] = postsWith('instagram', 'caption', content);
    assert.ok(ig);
    assert.equal(postsWith('instagram', 'caption', content).length, 1, 'one Reel');
    assert.equal(ig.kind, 'REELS');
    assert.equal(ig.data.shareToFeed, false);
    assert.equal(ig.data.thumbOffset, 1000);
    assert.equal(urls.instagram, `https://www.instagram.com/reel/${shortcodeOf(ig.id)}/`);
    // The container was read until FINISHED: two IN_PROGRESS answers, then FINISHED.
    const statusReads = sim.calls.count({ platform: 'instagram', method: 'GET', path: /^\/v25\.0\/\d+$/ });
    assert.ok(statusReads >= 3, `${statusReads} status reads`);
    assert.equal(sim.calls.count({ platform: 'instagram', method: 'POST', path: /\/media_publish$/ }), 1);
    const got = await events(postId, 2);
    assert.deepEqual(
      got.map((e) => e.type),
      ['post.scheduled', 'post.published'],
    );
    assert.deepEqual(eventUrls(got[1]), urls);
  });

  it('publishes scheduled text to Threads and X: post.scheduled, then post.published', async () => {
    const content = `Scheduled on Threads ${dialect} ${Date.now()}`;
    const { postId, status, urls } = await publishAndSettle({
      content,
      platforms: targets('threads', 'twitter'),
      scheduledFor: new Date(Date.now() + 1500).toISOString(),
    });
    assert.equal(status, 'scheduled');
    const [th] = postsWith('threads', 'text', content);
    assert.ok(th);
    assert.equal(urls.threads, `https://www.threads.net/@sim_threads/post/${shortcodeOf(th.id)}`);
    const got = await events(postId, 2);
    assert.deepEqual(
      got.map((e) => e.type),
      ['post.scheduled', 'post.published'],
    );
    assert.deepEqual(eventUrls(got[1]), urls);
  });

  it('answers clearly that Instagram can not delete; Threads deletes', async () => {
    const image = fixtures.set('/meta-e2e/del.jpg', jpeg(), 'image/jpeg');
    const stamp = `${dialect} ${Date.now()}`;
    const ig = await publishAndSettle({
      content: `IG to delete ${stamp}`,
      mediaItems: [{ type: 'image', url: image }],
      platforms: targets('instagram'),
      publishNow: true,
    });
    const th = await publishAndSettle({
      content: `Threads to delete ${stamp}`,
      platforms: targets('threads'),
      publishNow: true,
    });
    const igDelete = await t.request('DELETE', `/v1/posts/${ig.postId}?deleteFromPlatforms=true`);
    const [igResult] = igDelete.body.platforms as { success: boolean; errorMessage?: string }[];
    assert.equal(igResult?.success, false, igDelete.text);
    assert.match(igResult?.errorMessage ?? '', /Instagram's API does not allow deleting/);
    assert.equal(postsWith('instagram', 'caption', `IG to delete ${stamp}`).length, 1, 'still on Instagram');
    const thDelete = await t.request('DELETE', `/v1/posts/${th.postId}?deleteFromPlatforms=true`);
    const [thResult] = thDelete.body.platforms as { success: boolean }[];
    assert.equal(thResult?.success, true, thDelete.text);
    assert.equal(postsWith('threads', 'text', `Threads to delete ${stamp}`).length, 0, 'gone from Threads');
  });
});
