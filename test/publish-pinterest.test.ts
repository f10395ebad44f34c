/**
 * Pinterest end to end through the service on SQLite and PostgreSQL, the real
 * adapters against the simulator: a pin and a tweet published now (an image) and
 * scheduled (a video, which Pinterest processes: the target answers pending and
 * the engine comes back), each ending `published` with their URLs and a signed
 * `post.published` webhook; a missing board fails the pin alone; and
 * GET /v1/pinterest/boards follows Pinterest's bookmark pages into one list.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type FixtureServer, mp4Stub, png, startFixtureServer } from '../src/media/testing.ts';
import { signatureMatches } from '../src/notifications/signing.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { type Receiver, startReceiver } from './notifications/receiver.ts';
import { subscribeWebhook } from './publishing-e2e.ts';
import { until } from './shared-store.ts';

const PINNER = '549755885175';
const BOARD = '549755885176';
const X_USER = '1500000000000000001';
const FINAL = ['published', 'partial', 'failed'];

forEachDatabase('publishing pins through the API', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let r: Receiver;
  let secret: string;
  let pinterest: string;
  let twitter: string;

  const token = (platform: 'pinterest' | 'twitter', accountId: string) =>
    sim.state.issueToken({
      platform,
      kind: 'access',
      clientId: `sim-${platform}-client`,
      accountId,
      scopes: [],
      expiresAt: null,
      grantId: `e2e-${platform}-${dialect}`,
    }).value;

  before(async () => {
    sim = await startSimulator();
    fixtures = await startFixtureServer();
    r = await startReceiver();
    t = await startTestService(dialect, {
      settings: {
        SIMULATOR_URL: sim.url,
        JOBS_POLL_MS: '20',
        NOTIFICATION_POLL_MS: '20',
        PUBLISH_WAIT_MS: '15000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
      },
    });
    pinterest = await insertIntegration(t.ctx, t.projectId, 'pinterest', {
      token: token('pinterest', PINNER),
      platformUserId: PINNER,
    });
    twitter = await insertIntegration(t.ctx, t.projectId, 'twitter', {
      token: token('twitter', X_USER),
      platformUserId: X_USER,
    });
    secret = await subscribeWebhook(t, r.url);
  });
  after(async () => {
    await t.close();
    await r.close();
    await fixtures.close();
    await sim.close();
  });

  const targets = (boardId = BOARD) => [
    {
      platform: 'pinterest',
      accountId: pinterest,
      platformSpecificData: { boardId, link: 'https://example.com/a' },
    },
    { platform: 'twitter', accountId: twitter },
  ];
  const finalEvent = async (postId: string) => {
    const ofPost = () =>
      r.received.filter((g) => g.body?.data?.post?.id === postId && g.body.type !== 'post.scheduled');
    await until(async () => ofPost().length > 0, 20_000);
    const [event] = ofPost();
    assert.ok(event);
    assert.ok(
      signatureMatches(
        secret,
        String(event.headers['x-service-timestamp']),
        event.rawBody,
        String(event.headers['x-service-signature']),
      ),
    );
    return event.body;
  };
  const urlsOf = (platforms: { platform: string; platformPostUrl: string | null }[]) =>
    Object.fromEntries(platforms.map((p) => [p.platform, p.platformPostUrl]));
  const pinsWith = (content: string) =>
    sim.state.listPosts('pinterest', { where: (p) => p.data.description === content });

  it('publishes an image pin and a tweet now: published with URLs, and the webhook says so', async () => {
    const content = `Pinned now ${dialect} ${Date.now()}\nwith a second line`;
    const image = fixtures.set(`/e2e/pin-${dialect}.png`, png(600, 900), 'image/png');
    const res = await t.request('POST', '/v1/posts', {
      content,
      mediaItems: [{ type: 'image', url: image }],
      platforms: targets(),
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.status, 'published', JSON.stringify(res.body));
    const urls = urlsOf(res.body.platforms);
    const [pin] = pinsWith(content);
    assert.ok(pin);
    assert.equal(urls.pinterest, `https://www.pinterest.com/pin/${pin.id}/`);
    assert.match(urls.twitter ?? '', /^https:\/\/x\.com\/twitteruser\/status\/\d{19}$/);
    assert.equal(pin.data.title, content.split('\n')[0], 'the first line of the text');
    assert.equal(pin.data.link, 'https://example.com/a');
    assert.equal(pinsWith(content).length, 1);

    const event = await finalEvent(res.body.postId);
    assert.equal(event.type, 'post.published');
    assert.deepEqual(urlsOf(event.data.platforms), urls);
  });

  it('publishes a scheduled video pin (processed while the target waits) and a tweet', async () => {
    const content = `Pinned later ${dialect} ${Date.now()}`;
    const video = fixtures.set(`/e2e/pin-${dialect}.mp4`, mp4Stub(400_000), 'video/mp4');
    const res = await t.request('POST', '/v1/posts', {
      content,
      mediaItems: [{ type: 'video', url: video }],
      platforms: targets(),
      scheduledFor: new Date(Date.now() + 1000).toISOString(),
    });
    assert.equal(res.status, 202, res.text);
    const event = await finalEvent(res.body.postId);
    assert.equal(event.type, 'post.published', JSON.stringify(event.data.platforms));
    const [pin] = pinsWith(content);
    assert.ok(pin);
    assert.equal(pin.data.media_type, 'video');
    assert.equal(pinsWith(content).length, 1);
    const urls = urlsOf(event.data.platforms);
    assert.equal(urls.pinterest, `https://www.pinterest.com/pin/${pin.id}/`);
    assert.match(urls.twitter ?? '', /^https:\/\/x\.com\//);
    assert.ok(sim.calls.count({ platform: 'pinterest', method: 'GET', path: /^\/v5\/media\// }) >= 2);
    const read = await t.request('GET', `/v1/posts/${res.body.postId}`);
    assert.equal(read.body.post.status, 'published');
  });

  it('fails a pin to a board the account does not have, with a clear message; the tweet still goes out', async () => {
    const content = `No such board ${dialect} ${Date.now()}`;
    const res = await t.request('POST', '/v1/posts', {
      content,
      mediaItems: [{ type: 'image', url: fixtures.set('/e2e/nb.png', png(200, 200), 'image/png') }],
      platforms: targets('1234567'),
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    await until(async () =>
      FINAL.includes((await t.request('GET', `/v1/posts/${res.body.postId}`)).body.post.status),
    );
    const post = (await t.request('GET', `/v1/posts/${res.body.postId}`)).body.post;
    assert.equal(post.status, 'partial');
    const pin = post.platforms.find((p: { platform: string }) => p.platform === 'pinterest');
    assert.equal(pin.status, 'failed');
    assert.match(
      pin.errorMessage,
      /board 1234567 was not found on this account .*GET \/v1\/pinterest\/boards/,
    );
    assert.equal(pinsWith(content).length, 0);
    assert.equal((await finalEvent(res.body.postId)).type, 'post.partial');
  });

  it('lists every board of the account across Pinterest pages, in the documented shape', async () => {
    const account = sim.state.account('pinterest', PINNER);
    assert.ok(account?.boards);
    const seeded = account.boards.length;
    if (seeded < 300)
      for (let i = seeded; i < 300; i++)
        account.boards.push({
          id: String(549755890000 + i),
          name: `Board ${i}`,
          description: '',
          privacy: 'PUBLIC',
        });
    sim.calls.clear();
    const res = await t.request('GET', `/v1/pinterest/boards?accountId=${pinterest}`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.success, true);
    assert.equal(res.body.boards.length, 300);
    assert.deepEqual(res.body.boards[0], {
      id: BOARD,
      name: 'Sim Board',
      description: 'Where the pins go',
      privacy: 'PUBLIC',
    });
    assert.deepEqual(new Set(res.body.boards.map((b: { id: string }) => b.id)).size, 300);
    assert.equal(sim.calls.count({ platform: 'pinterest', path: '/v5/boards' }), 2, 'two pages of 250');
  });
});
