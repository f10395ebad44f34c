/**
 * Deliveries survive a stop, a worker that dies holding an attempt, and a
 * subscription paused after the event: each suite runs two services one after
 * the other on one storage.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { forEachDatabase } from '../../test/harness.ts';
import { lifecycleEvent } from '../../test/notifications/events.ts';
import { startReceiver } from '../../test/notifications/receiver.ts';
import { sharedStorage } from '../../test/notifications/storage.ts';
import { fanOutEvent } from '../domain/notifications/fanout.ts';
import { createProject } from '../domain/projects/projects.ts';
import { claimDue } from '../jobs/queue-store.ts';

/** Short retry waits and timeout so the suite takes seconds. */
const FAST = {
  NOTIFICATION_RETRY_DELAYS_MS: '40,80',
  WEBHOOK_TIMEOUT_MS: '1500',
  NOTIFICATION_POLL_MS: '25',
  JOBS_POLL_MS: '20',
  JOBS_LEASE_MS: '3000',
};

forEachDatabase('webhook delivery across restarts', (dialect) => {
  it('delivers an event queued while no worker ran, after a restart', async () => {
    const storage = await sharedStorage(dialect, FAST);
    const r = await startReceiver();
    try {
      const api = await storage.start({ ROLE: 'api' });
      const { projectId } = await createProject(api.ctx, 'restart');
      await api.ctx.store.db
        .insertInto('notification_subscriptions')
        .values({
          id: 'ntf_restart',
          project_id: projectId,
          channel: 'webhook',
          profile_id: null,
          event_types: '["post.published"]',
          only_scheduled_posts: 0,
          enabled: 1,
          webhook_url: r.url,
          webhook_secret_enc: api.ctx.sealer.seal('whsec_test'),
          email_recipients: null,
          last_test_at: null,
          last_test_status: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
      const event = lifecycleEvent(projectId, 'post.published');
      await fanOutEvent(api.ctx.store.db, api.ctx.config, event);
      await api.stop();
      assert.equal(r.received.length, 0);

      const worker = await storage.start({ ROLE: 'worker' });
      try {
        const [got] = await r.waitFor(1);
        assert.equal(got?.body.id, event.id);
      } finally {
        await worker.stop();
      }
    } finally {
      await r.close();
      await storage.drop();
    }
  });

  it('does not send, nor retry, when the subscription was disabled after the event', async () => {
    const storage = await sharedStorage(dialect, FAST);
    const r = await startReceiver();
    try {
      const api = await storage.start({ ROLE: 'api' });
      const { projectId } = await createProject(api.ctx, 'paused');
      const now = new Date().toISOString();
      await api.ctx.store.db
        .insertInto('notification_subscriptions')
        .values({
          id: 'ntf_paused',
          project_id: projectId,
          channel: 'webhook',
          profile_id: null,
          event_types: '["post.published"]',
          only_scheduled_posts: 0,
          enabled: 1,
          webhook_url: r.url,
          webhook_secret_enc: api.ctx.sealer.seal('whsec_test'),
          email_recipients: null,
          last_test_at: null,
          last_test_status: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await fanOutEvent(api.ctx.store.db, api.ctx.config, lifecycleEvent(projectId, 'post.published'));
      await api.ctx.store.db
        .updateTable('notification_subscriptions')
        .set({ enabled: 0 })
        .where('id', '=', 'ntf_paused')
        .execute();
      await api.stop();

      const worker = await storage.start({ ROLE: 'worker' });
      try {
        const read = () =>
          worker.ctx.store.db
            .selectFrom('notification_deliveries')
            .selectAll()
            .where('subscription_id', '=', 'ntf_paused')
            .executeTakeFirstOrThrow();
        let row = await read();
        for (let i = 0; i < 500 && row.status === 'pending'; i++) {
          await new Promise((res) => setTimeout(res, 20));
          row = await read();
        }
        assert.equal(row.status, 'failed');
        assert.equal(row.attempts, 1);
        assert.equal(row.last_error, 'the subscription was disabled before this attempt');
        assert.equal(r.received.length, 0);
      } finally {
        await worker.stop();
      }
    } finally {
      await r.close();
      await storage.drop();
    }
  });

  it('sends again when the worker holding an attempt died (its lease ran out)', async () => {
    const storage = await sharedStorage(dialect, FAST);
    const r = await startReceiver();
    try {
      const api = await storage.start({ ROLE: 'api' });
      const { projectId } = await createProject(api.ctx, 'lease');
      const now = new Date().toISOString();
      await api.ctx.store.db
        .insertInto('notification_subscriptions')
        .values({
          id: 'ntf_lease',
          project_id: projectId,
          channel: 'webhook',
          profile_id: null,
          event_types: '["post.failed"]',
          only_scheduled_posts: 0,
          enabled: 1,
          webhook_url: r.url,
          webhook_secret_enc: api.ctx.sealer.seal('whsec_test'),
          email_recipients: null,
          last_test_at: null,
          last_test_status: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const event = lifecycleEvent(projectId, 'post.failed');
      await fanOutEvent(api.ctx.store.db, api.ctx.config, event);
      // A worker claims the delivery and dies before sending: nothing but the lease is left.
      const claimed = await claimDue(api.ctx.store, {
        owner: 'dead-worker',
        kinds: ['deliver_notification'],
        now: Date.now(),
        leaseMs: 300,
        limit: 10,
      });
      assert.equal(claimed.length, 1);
      await api.stop();

      const worker = await storage.start({ ROLE: 'worker' });
      try {
        const [got] = await r.waitFor(1, 15_000);
        assert.equal(got?.body.id, event.id);
        const row = await worker.ctx.store.db
          .selectFrom('notification_deliveries')
          .selectAll()
          .where('event_id', '=', event.id)
          .executeTakeFirstOrThrow();
        for (let i = 0; i < 500 && row.status === 'pending'; i++) {
          await new Promise((res) => setTimeout(res, 20));
          Object.assign(
            row,
            await worker.ctx.store.db
              .selectFrom('notification_deliveries')
              .selectAll()
              .where('id', '=', row.id)
              .executeTakeFirstOrThrow(),
          );
        }
        assert.equal(row.status, 'succeeded');
        assert.equal(row.attempts, 2, 'the lost attempt counts');
      } finally {
        await worker.stop();
      }
    } finally {
      await r.close();
      await storage.drop();
    }
  });
});
