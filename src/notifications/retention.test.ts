import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../test/harness.ts';
import { dispatchOutbox } from './outbox.ts';
import { sweepNotificationHistory } from './retention.ts';

const DAY = 24 * 60 * 60 * 1000;

forEachDatabase('notification history retention', (dialect) => {
  let t: TestService;
  before(async () => {
    // API role: no worker dispatches or sweeps behind the test's back.
    t = await startTestService(dialect, { settings: { ROLE: 'api', NOTIFICATION_HISTORY_DAYS: '30' } });
  });
  after(() => t.close());

  it('removes finished deliveries and dispatched events past the keeping time, and nothing else', async () => {
    const { db } = t.ctx.store;
    const now = Date.now();
    const iso = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    await db
      .insertInto('notification_subscriptions')
      .values({
        id: 'sub_r',
        project_id: t.projectId,
        channel: 'webhook',
        profile_id: null,
        event_types: '["post.published"]',
        only_scheduled_posts: 0,
        enabled: 1,
        webhook_url: 'https://example.com/hook',
        webhook_secret_enc: null,
        email_recipients: null,
        last_test_at: null,
        last_test_status: null,
        created_at: iso(90),
        updated_at: iso(90),
      })
      .execute();
    const delivery = (id: string, createdDaysAgo: number, completedDaysAgo: number | null) => ({
      id,
      project_id: t.projectId,
      subscription_id: 'sub_r',
      event_id: `evt_for_${id}`,
      event_type: 'post.published',
      post_id: 'post_r',
      channel: 'webhook',
      body: '{}',
      status: completedDaysAgo === null ? 'pending' : 'succeeded',
      attempts: 1,
      max_attempts: 3,
      next_attempt_at: null,
      last_status_code: 200,
      last_error: null,
      created_at: iso(createdDaysAgo),
      updated_at: iso(createdDaysAgo),
      completed_at: completedDaysAgo === null ? null : iso(completedDaysAgo),
    });
    await db
      .insertInto('notification_deliveries')
      .values([delivery('dlv_old', 40, 40), delivery('dlv_recent', 40, 5), delivery('dlv_stuck', 60, null)])
      .execute();
    await db
      .insertInto('notification_attempts')
      .values(
        ['dlv_old', 'dlv_recent'].map((d) => ({
          id: `att_${d}`,
          project_id: t.projectId,
          delivery_id: d,
          attempt: 1,
          started_at: iso(40),
          status_code: 200,
          duration_ms: 5,
          success: 1,
          error: null,
        })),
      )
      .execute();
    const event = (id: string, createdDaysAgo: number, dispatchedDaysAgo: number | null) => ({
      id,
      project_id: t.projectId,
      type: 'post.published',
      post_id: 'post_r',
      payload:
        '{"post":{"id":"post_r","status":"published","content":"x","scheduledFor":null,"publishedAt":null,"mediaItems":[]},"platforms":[],"wasScheduled":false}',
      created_at: iso(createdDaysAgo),
      dispatched_at: dispatchedDaysAgo === null ? null : iso(dispatchedDaysAgo),
    });
    await db
      .insertInto('outbox')
      .values([event('evt_old_sent', 45, 45), event('evt_old_unsent', 45, null), event('evt_new_sent', 2, 2)])
      .execute();

    assert.deepEqual(await sweepNotificationHistory(t.ctx), { deliveries: 1, events: 1 });

    const ids = async (table: 'notification_deliveries' | 'notification_attempts' | 'outbox') =>
      (await db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);
    assert.deepEqual(await ids('notification_deliveries'), ['dlv_recent', 'dlv_stuck']);
    assert.deepEqual(await ids('notification_attempts'), ['att_dlv_recent']);
    assert.deepEqual(await ids('outbox'), ['evt_new_sent', 'evt_old_unsent']);

    // The old event never dispatched is dispatched now (once) and then kept its full time.
    assert.equal(await dispatchOutbox(t.ctx), 1);
    assert.equal(await dispatchOutbox(t.ctx), 0);
    assert.deepEqual(await sweepNotificationHistory(t.ctx), { deliveries: 0, events: 0 });
    assert.deepEqual(await sweepNotificationHistory(t.ctx, new Date(now + 31 * DAY)), {
      deliveries: 1,
      events: 2,
    });
    assert.equal(await dispatchOutbox(t.ctx), 0);
  });
});
