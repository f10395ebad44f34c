import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { startReceiver } from '../../../test/notifications/receiver.ts';
import { createProject } from '../../domain/projects/projects.ts';
import { signatureMatches } from '../../notifications/signing.ts';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

forEachDatabase('notifications API', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect, { settings: { ROLE: 'api' } });
  });
  after(() => t.close());

  it('creates a webhook subscription with its secret once, then masks it', async () => {
    const created = await t.request('POST', '/v1/notifications/', {
      channel: 'webhook',
      eventTypes: ['post.published', 'post.failed'],
      webhook: { url: 'https://hooks.example.com/social' },
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.success, true);
    const n = created.body.notification;
    assert.match(n.id, /^ntf_/);
    assert.equal(n.channel, 'webhook');
    assert.deepEqual(n.eventTypes, ['post.published', 'post.failed']);
    assert.equal(n.profileId, null);
    assert.equal(n.onlyScheduledPosts, false);
    assert.equal(n.enabled, true);
    assert.equal(n.webhook.url, 'https://hooks.example.com/social');
    assert.match(n.webhook.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.equal(n.lastTestAt, null);
    assert.equal(n.lastTestStatus, null);
    assert.match(n.createdAt, ISO);

    const masked = `whsec_****${n.webhook.secret.slice(-4)}`;
    const read = await t.request('GET', `/v1/notifications/${n.id}`);
    assert.equal(read.status, 200);
    assert.equal(read.body.notification.webhook.secret, masked);
    const list = await t.request('GET', '/v1/notifications');
    assert.equal(list.status, 200);
    const listed = list.body.notifications.find((x: { id: string }) => x.id === n.id);
    assert.equal(listed.webhook.secret, masked);
    assert.ok(!JSON.stringify(list.body).includes(n.webhook.secret));

    // The secret is sealed at rest.
    const row = await t.ctx.store.db
      .selectFrom('notification_subscriptions')
      .selectAll()
      .where('id', '=', n.id)
      .executeTakeFirstOrThrow();
    assert.ok(!JSON.stringify(row).includes(n.webhook.secret));
  });

  it('updates options, rotates the secret and deletes', async () => {
    const profile = (await t.request('POST', '/v1/profiles', { name: 'Brand' })).body.profile;
    const n = (
      await t.request('POST', '/v1/notifications', {
        channel: 'webhook',
        eventTypes: ['post.published'],
        webhook: { url: 'https://hooks.example.com/a' },
      })
    ).body.notification;
    const patched = await t.request('PATCH', `/v1/notifications/${n.id}`, {
      eventTypes: ['post.scheduled', 'post.partial'],
      profileId: profile.id,
      onlyScheduledPosts: true,
      enabled: false,
      webhook: { url: 'https://hooks.example.com/b' },
    });
    assert.equal(patched.status, 200);
    const p = patched.body.notification;
    assert.deepEqual(
      [p.eventTypes, p.profileId, p.onlyScheduledPosts, p.enabled, p.webhook.url],
      [['post.scheduled', 'post.partial'], profile.id, true, false, 'https://hooks.example.com/b'],
    );
    assert.equal(p.webhook.secret, `whsec_****${n.webhook.secret.slice(-4)}`);

    const rotated = await t.request('PATCH', `/v1/notifications/${n.id}`, {
      webhook: { rotateSecret: true },
    });
    assert.match(rotated.body.notification.webhook.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.notEqual(rotated.body.notification.webhook.secret, n.webhook.secret);

    const del = await t.request('DELETE', `/v1/notifications/${n.id}`);
    assert.deepEqual(del.body, { success: true, message: 'Notification subscription deleted' });
    const gone = await t.request('GET', `/v1/notifications/${n.id}`);
    assert.equal(gone.status, 404);
    assert.deepEqual(gone.body, { success: false, message: 'Notification subscription not found' });
  });

  it('refuses invalid input with shape A messages', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ channel: 'webhook', eventTypes: ['post.published'] }, /webhook is required/],
      [
        { channel: 'webhook', eventTypes: ['post.published'], webhook: { url: 'not a url' } },
        /not a valid URL/,
      ],
      [
        { channel: 'webhook', eventTypes: ['post.published'], webhook: { url: 'ftp://x.example/h' } },
        /https/,
      ],
      [
        { channel: 'webhook', eventTypes: ['post.published'], webhook: { url: 'http://10.1.2.3/h' } },
        /10\.1\.2\.3.*non-public/,
      ],
      [
        {
          channel: 'webhook',
          eventTypes: ['post.published'],
          webhook: { url: 'http://169.254.169.254/latest' },
        },
        /non-public/,
      ],
      [
        {
          channel: 'webhook',
          eventTypes: ['post.published'],
          webhook: { url: 'https://u:p@hooks.example.com/' },
        },
        /user name or password/,
      ],
      [{ channel: 'webhook', eventTypes: [], webhook: { url: 'https://a.example/' } }, /eventTypes/],
      [
        { channel: 'webhook', eventTypes: ['post.deleted'], webhook: { url: 'https://a.example/' } },
        /eventTypes/,
      ],
      [{ channel: 'sms', eventTypes: ['post.published'] }, /channel/],
      [
        { channel: 'webhook', eventTypes: ['post.published'], webhook: { url: 'https://a.example/' }, x: 1 },
        /x is not allowed/,
      ],
      [
        {
          channel: 'webhook',
          eventTypes: ['post.published'],
          webhook: { url: 'https://a.example/' },
          profileId: 'prof_nope',
        },
        /profileId prof_nope is not a profile/,
      ],
      [
        { channel: 'email', eventTypes: ['post.published'], email: { recipients: ['ops@example.com'] } },
        /no SMTP server configured/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('POST', '/v1/notifications', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.success, false);
      assert.match(res.body.message, message);
    }
    const noKey = await t.request('GET', '/v1/notifications', undefined, { 'x-access-key': '' });
    assert.equal(noKey.status, 401);
    assert.equal(noKey.body.success, false);
  });

  it("never shows or changes another project's subscription", async () => {
    const mine = (
      await t.request('POST', '/v1/notifications', {
        channel: 'webhook',
        eventTypes: ['post.published'],
        webhook: { url: 'https://hooks.example.com/mine' },
      })
    ).body.notification;
    const other = await createProject(t.ctx, 'other');
    const as = { 'x-access-key': other.accessKey };
    assert.equal((await t.request('GET', `/v1/notifications/${mine.id}`, undefined, as)).status, 404);
    assert.equal(
      (await t.request('PATCH', `/v1/notifications/${mine.id}`, { enabled: false }, as)).status,
      404,
    );
    assert.equal((await t.request('DELETE', `/v1/notifications/${mine.id}`, undefined, as)).status, 404);
    assert.equal((await t.request('POST', `/v1/notifications/${mine.id}/test`, undefined, as)).status, 404);
    assert.equal(
      (await t.request('GET', `/v1/notifications/${mine.id}/deliveries`, undefined, as)).status,
      404,
    );
    assert.deepEqual((await t.request('GET', '/v1/notifications', undefined, as)).body.notifications, []);
  });

  it('tests a destination before saving and a saved subscription, recording the result', async () => {
    let fail = false;
    const receiver = await startReceiver(() => ({ status: fail ? 503 : 204 }));
    try {
      const before = await t.request('POST', '/v1/notifications/test', {
        channel: 'webhook',
        webhook: { url: receiver.url },
      });
      assert.equal(before.status, 200);
      assert.equal(before.body.success, true);
      assert.match(before.body.message, /HTTP 204/);
      assert.equal(receiver.received.length, 1);
      assert.equal(receiver.received[0]?.body.type, 'post.published');
      assert.equal(receiver.received[0]?.body.projectId, t.projectId);

      // A profileId that is not one of the project's is refused before anything is sent, as on create.
      const stranger = await t.request('POST', '/v1/notifications/test', {
        channel: 'webhook',
        webhook: { url: receiver.url },
        profileId: 'prof_nope',
      });
      assert.equal(stranger.status, 400, stranger.text);
      assert.match(stranger.body.message, /profileId prof_nope is not a profile/);
      assert.equal(receiver.received.length, 1);

      const n = (
        await t.request('POST', '/v1/notifications', {
          channel: 'webhook',
          eventTypes: ['post.published'],
          webhook: { url: receiver.url },
        })
      ).body.notification;
      const tested = await t.request('POST', `/v1/notifications/${n.id}/test`);
      assert.equal(tested.status, 200);
      assert.equal(tested.body.success, true);
      assert.equal(tested.body.notification.lastTestStatus, 'success');
      assert.match(tested.body.notification.lastTestAt, ISO);
      const got = receiver.received[1];
      assert.ok(got);
      assert.ok(
        signatureMatches(
          n.webhook.secret,
          String(got.headers['x-service-timestamp']),
          got.rawBody,
          String(got.headers['x-service-signature']),
        ),
      );

      fail = true;
      const failed = await t.request('POST', `/v1/notifications/${n.id}/test`);
      assert.equal(failed.body.success, false);
      assert.match(failed.body.message, /HTTP 503/);
      assert.equal(failed.body.notification.lastTestStatus, 'failed');
      assert.equal(
        (await t.request('GET', `/v1/notifications/${n.id}`)).body.notification.lastTestStatus,
        'failed',
      );
    } finally {
      await receiver.close();
    }
  });
});
