/**
 * Outbox events committed by this process are delivered at once, not at the
 * next outbox poll: here the poll is ten minutes, so only the wake can deliver
 * them within the test.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { fakeAdapter, fakePlatform, insertIntegration } from '../../test/fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../../test/harness.ts';
import { type Receiver, startReceiver } from '../../test/notifications/receiver.ts';
import { until } from '../../test/shared-store.ts';
import { configurePublishing } from '../domain/publishing/deps.ts';
import { recurringJobId } from '../jobs/recurring.ts';
import { dispatchOutboxJob } from './worker.ts';

forEachDatabase('outbox dispatch wake', (dialect) => {
  let t: TestService;
  let r: Receiver;
  let restore: () => void;
  let accountId: string;

  before(async () => {
    t = await startTestService(dialect, {
      settings: { NOTIFICATION_POLL_MS: '600000', JOBS_POLL_MS: '20', PUBLISH_WAIT_MS: '3000' },
    });
    r = await startReceiver();
    const x = fakePlatform();
    restore = configurePublishing({
      adapterFor: (p) => (p === 'twitter' ? fakeAdapter('twitter', x) : undefined),
      baseUrlFor: () => 'http://fake.invalid',
    });
    accountId = await insertIntegration(t.ctx, t.projectId, 'twitter');
    const sub = await t.request('POST', '/v1/notifications', {
      channel: 'webhook',
      eventTypes: ['post.scheduled', 'post.published'],
      webhook: { url: r.url },
    });
    assert.equal(sub.status, 201, sub.text);
    // The first dispatch runs at start; the next poll is ten minutes away.
    await until(async () => {
      const row = await t.ctx.store.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', recurringJobId(dispatchOutboxJob.kind))
        .executeTakeFirst();
      return row?.lease_owner === null && row.run_at > Date.now() + 60_000;
    });
  });
  after(async () => {
    restore();
    await t.close();
    await r.close();
  });

  it('a scheduled post is announced at once, and its final event follows as soon as it settles', async () => {
    const scheduled = await t.request('POST', '/v1/posts', {
      content: 'Announce me',
      platforms: [{ platform: 'twitter', accountId }],
      scheduledFor: new Date(Date.now() + 60_000).toISOString(),
    });
    assert.equal(scheduled.status, 202, scheduled.text);
    const [announced] = await r.waitFor(1, 5_000);
    assert.equal(announced?.body.type, 'post.scheduled');

    const now = await t.request('POST', '/v1/posts', {
      content: 'Publish me',
      platforms: [{ platform: 'twitter', accountId }],
      publishNow: true,
    });
    assert.equal(now.body.status, 'published', now.text);
    const got = await r.waitFor(2, 5_000);
    assert.equal(got[1]?.body.type, 'post.published');
    assert.equal(got[1]?.body.data.post.id, now.body.postId);
  });
});
