/**
 * Notifications from real posts: the posts API and the publishing engine (with
 * the scripted fake adapter) write lifecycle events to the outbox; the worker
 * dispatches them to subscriptions and delivers them to a loopback receiver.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { signatureMatches } from '../../src/notifications/signing.ts';
import { fakeAdapter, fakePlatform, insertIntegration } from '../fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { scriptedRegistry } from '../scripted-platforms.ts';
import { type Receiver, startReceiver } from './receiver.ts';
import { sharedStorage } from './storage.ts';

const SETTINGS = {
  JOBS_POLL_MS: '20',
  NOTIFICATION_POLL_MS: '20',
  PUBLISH_WAIT_MS: '3000',
  NOTIFICATION_RETRY_DELAYS_MS: '40,80',
};

/** Publishers that publish at once on an in-memory platform. */
const fakes = {
  twitter: fakeAdapter('twitter', fakePlatform()),
  bluesky: fakeAdapter('bluesky', fakePlatform()),
};
const CONTEXT = {
  platforms: scriptedRegistry(['twitter', 'bluesky'], (p) =>
    p === 'twitter' ? fakes.twitter : fakes.bluesky,
  ),
};

const quiet = (ms: number) => new Promise((r) => setTimeout(r, ms));

forEachDatabase('notifications from real posts', (dialect) => {
  let t: TestService;
  let r: Receiver;
  let secret: string;
  const accounts: Record<string, string> = {};
  before(async () => {
    t = await startTestService(dialect, { settings: SETTINGS, context: CONTEXT });
    r = await startReceiver();
    const sub = await t.request('POST', '/v1/notifications', {
      channel: 'webhook',
      eventTypes: ['post.scheduled', 'post.published', 'post.partial', 'post.failed'],
      webhook: { url: r.url },
    });
    secret = sub.body.notification.webhook.secret;
    for (const platform of ['twitter', 'bluesky'] as const)
      accounts[platform] = await insertIntegration(t.ctx, t.projectId, platform);
  });
  after(async () => {
    await t.close();
    await r.close();
  });
  const platforms = () => [
    { platform: 'twitter', accountId: accounts.twitter },
    { platform: 'bluesky', accountId: accounts.bluesky },
  ];
  const eventsFor = (postId: string) => r.received.filter((g) => g.body?.data?.post?.id === postId);

  it('a publish-now post sends only its final event', async () => {
    const res = await t.request('POST', '/v1/posts', {
      content: 'Now!',
      platforms: platforms(),
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId;
    const deadline = Date.now() + 5000;
    while (eventsFor(postId).length < 1 && Date.now() < deadline)
      await r.waitFor(r.received.length + 1, 5000);
    await quiet(300);
    const got = eventsFor(postId);
    assert.deepEqual(
      got.map((g) => g.body.type),
      ['post.published'],
    );
    const [only] = got;
    assert.ok(only);
    assert.equal(only.headers['x-service-event-type'], 'post.published');
    assert.ok(
      signatureMatches(
        secret,
        String(only.headers['x-service-timestamp']),
        only.rawBody,
        String(only.headers['x-service-signature']),
      ),
    );
    const post = only.body.data.post;
    assert.equal(post.id, postId);
    assert.equal(post.status, 'published');
    assert.equal(post.content, 'Now!');
    assert.equal(post.scheduledFor, null);
    assert.match(post.publishedAt, /Z$/);
    assert.equal(post.links.api, `${t.ctx.config.PUBLIC_URL}/v1/posts/${postId}`);
    assert.deepEqual(
      only.body.data.platforms
        .map((p: { platform: string; status: string }) => [p.platform, p.status])
        .sort(),
      [
        ['bluesky', 'published'],
        ['twitter', 'published'],
      ],
    );
    for (const p of only.body.data.platforms) assert.match(p.platformPostUrl, /^https:\/\/\w+\.example\/p\//);
  });

  it('a scheduled post sends post.scheduled, then exactly one final event', async () => {
    const when = new Date(Date.now() + 800).toISOString();
    const res = await t.request('POST', '/v1/posts', {
      content: 'Later',
      platforms: platforms(),
      scheduledFor: when,
    });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId;
    const deadline = Date.now() + 8000;
    while (eventsFor(postId).length < 2 && Date.now() < deadline)
      await r.waitFor(r.received.length + 1, 8000);
    await quiet(300);
    const got = eventsFor(postId);
    assert.deepEqual(
      got.map((g) => g.body.type),
      ['post.scheduled', 'post.published'],
    );
    assert.equal(got[0]?.body.data.post.status, 'scheduled');
    assert.equal(got[0]?.body.data.post.scheduledFor, when);
    assert.equal(got[1]?.body.data.post.status, 'published');
    assert.notEqual(got[0]?.body.id, got[1]?.body.id);
  });
});

forEachDatabase('notifications across a stop between state change and dispatch', (dialect) => {
  it('delivers an outbox event written while no worker ran, after the restart', async () => {
    const storage = await sharedStorage(dialect, SETTINGS);
    const r = await startReceiver();
    try {
      // The API alone: the post is accepted and its post.scheduled event is written to the outbox,
      // but no worker runs to dispatch it.
      const api = await storage.start({ ROLE: 'api' });
      const { createProject } = await import('../../src/domain/projects/projects.ts');
      const { projectId, accessKey } = await createProject(api.ctx, 'crash');
      const account = await insertIntegration(api.ctx, projectId, 'bluesky');
      const inject = (method: string, url: string, body: unknown) =>
        api.server?.inject({
          method: method as 'POST',
          url,
          headers: { 'x-access-key': accessKey, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      const sub = await inject('POST', '/v1/notifications', {
        channel: 'webhook',
        eventTypes: ['post.scheduled'],
        webhook: { url: r.url },
      });
      assert.equal(sub?.statusCode, 201);
      const when = new Date(Date.now() + 60_000).toISOString();
      const post = await inject('POST', '/v1/posts', {
        content: 'Survives a stop',
        platforms: [{ platform: 'bluesky', accountId: account }],
        scheduledFor: when,
      });
      assert.equal(post?.statusCode, 202, post?.body);
      const postId = JSON.parse(post?.body ?? '{}').postId;
      const outbox = await api.ctx.store.db
        .selectFrom('outbox')
        .selectAll()
        .where('post_id', '=', postId)
        .execute();
      assert.deepEqual(
        outbox.map((o) => o.type),
        ['post.scheduled'],
      );
      await api.stop();
      await quiet(100);
      assert.equal(r.received.length, 0, 'nothing is sent while no worker runs');

      const worker = await storage.start({ ROLE: 'worker' });
      try {
        const [got] = await r.waitFor(1, 5000);
        assert.equal(got?.body.id, outbox[0]?.id);
        assert.equal(got?.body.type, 'post.scheduled');
        assert.equal(got?.body.data.post.id, postId);
      } finally {
        await worker.stop();
      }
    } finally {
      await r.close();
      await storage.drop();
    }
  });
});
