/**
 * Outbox events committed by this process are delivered at once, not at the
 * next outbox poll: here the poll is ten minutes, so only the wake can deliver
 * them within the test.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { insertIntegration } from '../../test/fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../../test/harness.ts';
import { type Receiver, startReceiver } from '../../test/notifications/receiver.ts';
import { until } from '../../test/shared-store.ts';
import { onJobsEnqueued } from '../jobs/enqueue.ts';
import { recurringJobId } from '../jobs/recurring.ts';
import { dispatchOutboxJob, wakeOutboxDispatch } from './worker.ts';

forEachDatabase('outbox dispatch wake', (dialect) => {
  let t: TestService;
  let r: Receiver;
  let accountId: string;

  before(async () => {
    t = await startTestService(dialect, {
      settings: { NOTIFICATION_POLL_MS: '600000', JOBS_POLL_MS: '20' },
    });
    r = await startReceiver();
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
    await t.close();
    await r.close();
  });

  it('a scheduled post is announced at once: its create wakes the dispatch', async () => {
    const scheduled = await t.request('POST', '/v1/posts', {
      content: 'Announce me',
      platforms: [{ platform: 'twitter', accountId }],
      scheduledFor: new Date(Date.now() + 600_000).toISOString(),
    });
    assert.equal(scheduled.status, 202, scheduled.text);
    const [announced] = await r.waitFor(1, 5_000);
    assert.equal(announced?.body.type, 'post.scheduled');
    assert.equal(announced?.body.data.post.id, scheduled.body.postId);
  });

  it('an event committed by another writer goes out as soon as it wakes the dispatch', async () => {
    const before = r.received.length;
    const at = new Date().toISOString();
    const postId = `post_wake_${Date.now()}`;
    await t.ctx.store.db
      .insertInto('outbox')
      .values({
        id: `evt_wake_${Date.now()}`,
        project_id: t.projectId,
        type: 'post.published',
        post_id: postId,
        payload: JSON.stringify({
          post: { id: postId, status: 'published', content: 'Woken', mediaItems: [] },
          platforms: [],
          wasScheduled: false,
        }),
        created_at: at,
        dispatched_at: null,
      })
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(r.received.length, before, 'nothing is sent before the wake (the poll is ten minutes)');
    wakeOutboxDispatch();
    const got = await r.waitFor(before + 1, 5_000);
    assert.equal(got.at(-1)?.body.type, 'post.published');
    assert.equal(got.at(-1)?.body.data.post.id, postId);
  });
});

it('wakes in a burst share runs: the first at once, the rest in one run at the end of the window', async () => {
  const id = recurringJobId(dispatchOutboxJob.kind);
  const woken: number[] = [];
  const stop = onJobsEnqueued((at, jobId) => {
    if (jobId === id) woken.push(at);
  });
  try {
    // Past any window an earlier test opened.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const start = Date.now();
    for (let i = 0; i < 50; i++) wakeOutboxDispatch();
    assert.equal(woken.length, 1, 'the first wake of a quiet spell runs at once');
    await new Promise((resolve) => setTimeout(resolve, 250));
    assert.equal(woken.length, 2, 'the other 49 wakes share one later run');
    assert.ok((woken[1] as number) - start >= 90, 'the shared run waits for the window to end');
  } finally {
    stop();
  }
});
