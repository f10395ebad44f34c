import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../test/harness.ts';
import { lifecycleEvent, target } from '../../test/notifications/events.ts';
import { type Receiver, startReceiver } from '../../test/notifications/receiver.ts';
import { fanOutEvent } from '../domain/notifications/fanout.ts';
import { createProject } from '../domain/projects/projects.ts';
import { signatureMatches } from './signing.ts';

/**
 * Short retry waits so the suite takes seconds. The timeout and lease stay long
 * enough that a busy machine does not turn a slow answer into an extra attempt.
 */
const FAST = {
  NOTIFICATION_RETRY_DELAYS_MS: '40,80',
  WEBHOOK_TIMEOUT_MS: '1500',
  NOTIFICATION_POLL_MS: '25',
  JOBS_POLL_MS: '20',
  JOBS_LEASE_MS: '10000',
};

async function subscribe(t: TestService, body: Record<string, unknown>) {
  const res = await t.request('POST', '/v1/notifications', body);
  assert.equal(res.status, 201, res.text);
  return res.body.notification as { id: string; webhook: { secret: string; url: string } };
}

async function deliveriesOf(t: TestService, subscriptionId: string) {
  const res = await t.request('GET', `/v1/notifications/${subscriptionId}/deliveries`);
  assert.equal(res.status, 200, res.text);
  return res.body.deliveries;
}

/** Waits until the subscription's newest delivery is no longer pending. */
async function settled(t: TestService, subscriptionId: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await deliveriesOf(t, subscriptionId);
    if (list.length > 0 && list.every((d: { status: string }) => d.status !== 'pending')) return list;
    if (Date.now() > deadline) throw new Error(`deliveries still pending: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

forEachDatabase('webhook delivery', (dialect) => {
  let t: TestService;
  const receivers: Receiver[] = [];
  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const r = await startReceiver(...args);
    receivers.push(r);
    return r;
  };
  before(async () => {
    t = await startTestService(dialect, { settings: FAST });
  });
  after(async () => {
    await t.close();
    for (const r of receivers) await r.close();
  });

  it('posts the exact payload with the documented headers and a valid signature', async () => {
    const r = await receiver();
    const sub = await subscribe(t, {
      channel: 'webhook',
      eventTypes: ['post.published'],
      webhook: { url: r.url },
    });
    const event = lifecycleEvent(t.projectId, 'post.published', {
      targets: [target(), target({ platform: 'twitter', integrationId: 'int_b', platformPostUrl: null })],
    });
    await fanOutEvent(t.ctx.store.db, t.ctx.config, event);
    const [got] = await r.waitFor(1);
    assert.ok(got);
    const h = got.headers;
    assert.equal(h['x-service-event-id'], event.id);
    assert.equal(h['x-service-event-type'], 'post.published');
    assert.equal(h['content-type'], 'application/json');
    assert.equal(h['user-agent'], 'SocialPublishing-Webhooks/1.0');
    const ts = Number(h['x-service-timestamp']);
    assert.ok(Math.abs(ts - Date.now() / 1000) < 5, 'timestamp is unix seconds of now');
    assert.match(String(h['x-service-signature']), /^sha256=[0-9a-f]{64}$/);
    assert.ok(
      signatureMatches(sub.webhook.secret, String(ts), got.rawBody, String(h['x-service-signature'])),
    );

    assert.deepEqual(Object.keys(got.body), [
      'version',
      'id',
      'type',
      'createdAt',
      'projectId',
      'profileId',
      'data',
    ]);
    assert.equal(got.body.version, '2026-11-01');
    assert.equal(got.body.id, event.id);
    assert.equal(got.body.projectId, t.projectId);
    assert.equal(got.body.profileId, null);
    const post = got.body.data.post;
    assert.deepEqual(Object.keys(post), [
      'id',
      'status',
      'content',
      'scheduledFor',
      'publishedAt',
      'mediaItems',
      'links',
    ]);
    assert.equal(post.id, event.post.id);
    assert.equal(post.publishedAt, '2026-11-22T09:00:01.000Z');
    assert.equal(post.links.api, `${t.ctx.config.PUBLIC_URL}/v1/posts/${event.post.id}`);
    // No dashboard page for a post yet: no link to a page that does not exist.
    assert.deepEqual(Object.keys(post.links), ['api']);
    assert.equal(got.body.data.platforms.length, 2);
    assert.deepEqual(Object.keys(got.body.data.platforms[0]), [
      'platform',
      'integrationId',
      'profileId',
      'status',
      'platformPostId',
      'platformPostUrl',
      'publishedAt',
      'errorMessage',
      'warningMessage',
    ]);

    const [d] = await settled(t, sub.id);
    assert.equal(d.status, 'succeeded');
    assert.equal(d.eventId, event.id);
    assert.equal(d.attempts.length, 1);
    assert.equal(d.attempts[0].statusCode, 200);
    assert.equal(d.attempts[0].success, true);
  });

  it('retries a failing receiver: three attempts with the same event id, then success', async () => {
    const r = await receiver((n) => ({ status: n < 2 ? 500 : 200 }));
    const sub = await subscribe(t, {
      channel: 'webhook',
      eventTypes: ['post.failed'],
      webhook: { url: r.url },
    });
    const event = lifecycleEvent(t.projectId, 'post.failed');
    await fanOutEvent(t.ctx.store.db, t.ctx.config, event);
    const got = await r.waitFor(3);
    assert.deepEqual(
      got.map((g) => g.headers['x-service-event-id']),
      [event.id, event.id, event.id],
    );
    assert.deepEqual(
      got.map((g) => g.body.id),
      [event.id, event.id, event.id],
    );
    assert.equal(new Set(got.map((g) => g.rawBody)).size, 1, 'the same body on every attempt');
    // Backoff: the configured waits separate the attempts.
    assert.ok((got[1]?.at ?? 0) - (got[0]?.at ?? 0) >= 40);
    assert.ok((got[2]?.at ?? 0) - (got[1]?.at ?? 0) >= 80);
    const [d] = await settled(t, sub.id);
    assert.equal(d.status, 'succeeded');
    assert.deepEqual(
      d.attempts.map((a: { attempt: number; statusCode: number; success: boolean }) => [
        a.attempt,
        a.statusCode,
        a.success,
      ]),
      [
        [1, 500, false],
        [2, 500, false],
        [3, 200, true],
      ],
    );
    assert.equal(d.attempts[0].error, 'receiver answered HTTP 500');
    const metrics = await t.request('GET', '/metrics');
    assert.match(metrics.text, /notification_attempts_total\{channel="webhook",result="retrying"\} [1-9]/);
    assert.match(metrics.text, /notification_attempts_total\{channel="webhook",result="succeeded"\} [1-9]/);
    await new Promise((res) => setTimeout(res, 150));
    assert.equal(r.received.length, 3, 'nothing after the success');
  });

  it('gives up after three attempts and sends again on redeliver', async () => {
    let ok = false;
    const r = await receiver(() => ({ status: ok ? 200 : 302 }));
    const sub = await subscribe(t, {
      channel: 'webhook',
      eventTypes: ['post.partial'],
      webhook: { url: r.url },
    });
    const event = lifecycleEvent(t.projectId, 'post.partial');
    await fanOutEvent(t.ctx.store.db, t.ctx.config, event);
    await r.waitFor(3);
    const [d] = await settled(t, sub.id);
    assert.equal(d.status, 'failed');
    assert.equal(d.attempts.length, 3);
    assert.match(d.attempts[2].error, /HTTP 302; redirects are not followed/);
    await new Promise((res) => setTimeout(res, 150));
    assert.equal(r.received.length, 3, 'at most three attempts');

    ok = true;
    const again = await t.request('POST', `/v1/notifications/${sub.id}/deliveries/${d.id}/redeliver`);
    assert.equal(again.status, 202);
    const got = await r.waitFor(4);
    assert.equal(got[3]?.headers['x-service-event-id'], event.id);
    const [after] = await settled(t, sub.id);
    assert.equal(after.status, 'succeeded');
    assert.equal(after.attempts.length, 4);

    const missing = await t.request('POST', `/v1/notifications/${sub.id}/deliveries/dlv_nope/redeliver`);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.success, false);
  });

  it('cuts a hanging receiver at the timeout', async () => {
    const r = await receiver((n) => (n === 0 ? 'hang' : { status: 200 }));
    const sub = await subscribe(t, {
      channel: 'webhook',
      eventTypes: ['post.published'],
      webhook: { url: r.url },
    });
    await fanOutEvent(t.ctx.store.db, t.ctx.config, lifecycleEvent(t.projectId, 'post.published'));
    await r.waitFor(2);
    const [d] = await settled(t, sub.id);
    assert.equal(d.status, 'succeeded');
    const [first] = d.attempts;
    assert.equal(first.statusCode, null);
    assert.equal(first.error, 'no answer within 1500 ms');
    assert.ok(first.durationMs >= 1490 && first.durationMs < 5000, `cut after ${first.durationMs} ms`);
  });

  it('filters by event type, profile, onlyScheduledPosts and enabled', async () => {
    const brand = (await t.request('POST', '/v1/profiles', { name: 'Filter brand' })).body.profile;
    const project = await createProject(t.ctx, 'filters');
    const as = { 'x-access-key': project.accessKey };
    const make = async (body: Record<string, unknown>) => {
      const r = await receiver();
      const res = await t.request(
        'POST',
        '/v1/notifications',
        { channel: 'webhook', ...body, webhook: { url: r.url } },
        as,
      );
      assert.equal(res.status, 201, res.text);
      return r;
    };
    const brandOf = (await t.request('POST', '/v1/profiles', { name: 'B' }, as)).body.profile;
    const all = await make({ eventTypes: ['post.scheduled', 'post.published', 'post.failed'] });
    const finalOnly = await make({ eventTypes: ['post.published', 'post.failed'] });
    const scheduledOnly = await make({
      eventTypes: ['post.scheduled', 'post.published'],
      onlyScheduledPosts: true,
    });
    const profiled = await make({ eventTypes: ['post.published'], profileId: brandOf.id });
    const disabled = await make({ eventTypes: ['post.published'], enabled: false });
    assert.ok(brand.id);

    const pid = project.projectId;
    const mixed = [
      target({ integrationId: 'int_in', profileId: brandOf.id }),
      target({ integrationId: 'int_out', profileId: null, platform: 'twitter' }),
    ];
    const scheduledEv = lifecycleEvent(pid, 'post.scheduled', { wasScheduled: true, targets: mixed });
    const scheduledFinal = lifecycleEvent(pid, 'post.published', {
      wasScheduled: true,
      targets: mixed,
      postId: scheduledEv.post.id,
    });
    const nowFinal = lifecycleEvent(pid, 'post.published', { targets: [target({ profileId: null })] });
    const failed = lifecycleEvent(pid, 'post.failed', {
      targets: [target({ profileId: brandOf.id, status: 'failed' })],
    });
    for (const e of [scheduledEv, scheduledFinal, nowFinal, failed])
      await fanOutEvent(t.ctx.store.db, t.ctx.config, e);

    const ids = async (r: Receiver, n: number) => (await r.waitFor(n)).map((g) => g.body.id).sort();
    assert.deepEqual(await ids(all, 4), [scheduledEv.id, scheduledFinal.id, nowFinal.id, failed.id].sort());
    assert.deepEqual(await ids(finalOnly, 3), [scheduledFinal.id, nowFinal.id, failed.id].sort());
    assert.deepEqual(await ids(scheduledOnly, 2), [scheduledEv.id, scheduledFinal.id].sort());
    const p = await profiled.waitFor(1);
    assert.equal(p[0]?.body.id, scheduledFinal.id);
    assert.equal(p[0]?.body.profileId, brandOf.id);
    assert.deepEqual(
      p[0]?.body.data.platforms.map((x: { integrationId: string }) => x.integrationId),
      ['int_in'],
    );
    // Nothing more arrives for any of them (the last fan-out was written well before).
    await new Promise((res) => setTimeout(res, 200));
    assert.deepEqual(
      [all, finalOnly, scheduledOnly, profiled, disabled].map((r) => r.received.length),
      [4, 3, 2, 1, 0],
    );
  });

  it('fans out an event once however often it is dispatched', async () => {
    const r = await receiver();
    const project = await createProject(t.ctx, 'once');
    const as = { 'x-access-key': project.accessKey };
    const res = await t.request(
      'POST',
      '/v1/notifications',
      { channel: 'webhook', eventTypes: ['post.published'], webhook: { url: r.url } },
      as,
    );
    const sub = res.body.notification;
    const event = lifecycleEvent(project.projectId, 'post.published');
    const written = [];
    for (let i = 0; i < 3; i++) written.push(await fanOutEvent(t.ctx.store.db, t.ctx.config, event));
    assert.deepEqual(written, [1, 0, 0]);
    await r.waitFor(1);
    const list = await t.request('GET', `/v1/notifications/${sub.id}/deliveries`, undefined, as);
    assert.equal(list.body.total, 1);
    await new Promise((res) => setTimeout(res, 100));
    assert.equal(r.received.length, 1);
  });
});
