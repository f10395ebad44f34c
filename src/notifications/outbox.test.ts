import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../test/harness.ts';
import { createProject } from '../domain/projects/projects.ts';
import { dispatchOutbox } from './outbox.ts';

forEachDatabase('outbox dispatch', (dialect) => {
  let t: TestService;
  before(async () => {
    // API role: the test runs the dispatchers itself; no job runner sends anything.
    t = await startTestService(dialect, { settings: { ROLE: 'api' } });
  });
  after(() => t.close());

  async function subscribe(accessKey: string | undefined, eventTypes: string[]) {
    const res = await t.request(
      'POST',
      '/v1/notifications',
      { channel: 'webhook', eventTypes, webhook: { url: 'http://127.0.0.1:9/hook' } },
      accessKey ? { 'x-access-key': accessKey } : {},
    );
    assert.equal(res.status, 201, res.text);
    return res.body.notification.id as string;
  }

  it('sends a backlog of events once each, with workers dispatching at the same time', async () => {
    const other = await createProject(t.ctx, 'other');
    const all = await subscribe(undefined, ['post.published', 'post.failed']);
    const failedOnly = await subscribe(undefined, ['post.failed']);
    const otherSub = await subscribe(other.accessKey, ['post.published']);
    const payload = JSON.stringify({
      post: {
        id: 'post_x',
        status: 'published',
        content: 'x',
        scheduledFor: null,
        publishedAt: null,
        mediaItems: [],
      },
      platforms: [],
      wasScheduled: false,
    });
    const at = new Date(Date.now() - 60_000).toISOString();
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      id: `evt_${String(i).padStart(5, '0')}`,
      project_id: i % 3 === 0 ? other.projectId : t.projectId,
      type: i % 2 === 0 ? 'post.published' : 'post.failed',
      post_id: `post_${i}`,
      payload,
      created_at: at,
      dispatched_at: null,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.ctx.store.db
        .insertInto('outbox')
        .values(rows.slice(i, i + 200))
        .execute();

    // Three dispatchers race until the outbox has nothing waiting.
    const drain = async () => {
      while ((await dispatchOutbox(t.ctx)) > 0) {}
    };
    await Promise.all([drain(), drain(), drain()]);

    const waiting = await t.ctx.store.db
      .selectFrom('outbox')
      .select('id')
      .where('dispatched_at', 'is', null)
      .execute();
    assert.deepEqual(waiting, []);
    const expected = new Map<string, number>([
      [all, 0],
      [failedOnly, 0],
      [otherSub, 0],
    ]);
    for (const [i, r] of rows.entries()) {
      const mine = r.project_id === t.projectId;
      if (mine) expected.set(all, (expected.get(all) ?? 0) + 1);
      if (mine && i % 2 === 1) expected.set(failedOnly, (expected.get(failedOnly) ?? 0) + 1);
      if (!mine && i % 2 === 0) expected.set(otherSub, (expected.get(otherSub) ?? 0) + 1);
    }
    const deliveries = await t.ctx.store.db
      .selectFrom('notification_deliveries')
      .select(['subscription_id', 'event_id'])
      .execute();
    const counted = new Map<string, number>();
    for (const d of deliveries) counted.set(d.subscription_id, (counted.get(d.subscription_id) ?? 0) + 1);
    assert.deepEqual(counted, expected);
    assert.equal(
      new Set(deliveries.map((d) => `${d.subscription_id} ${d.event_id}`)).size,
      deliveries.length,
    );
    const jobs = await t.ctx.store.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'deliver_notification')
      .execute();
    assert.equal(jobs.length, deliveries.length);
  });
});
