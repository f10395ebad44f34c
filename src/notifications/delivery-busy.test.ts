/**
 * Deliveries on a busy machine: a receiver that answers every request at once
 * sees each event once, even when the worker's process is starved of CPU (its
 * event loop is held for most of each lease renewal period, as on a machine with
 * a load average many times its cores) and the job lease is short. At-least-once
 * delivery allows a repeat; a healthy receiver must not get one.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../test/harness.ts';
import { lifecycleEvent } from '../../test/notifications/events.ts';
import { startReceiver } from '../../test/notifications/receiver.ts';
import { fanOutEvent } from '../domain/notifications/fanout.ts';

const EVENTS = 150;
const LEASE_MS = 600;

/** Holds the event loop for `busyMs` of every `everyMs`: CPU the process does not get. */
function starve(busyMs: number, everyMs: number): () => void {
  const timer = setInterval(() => {
    const until = performance.now() + busyMs;
    while (performance.now() < until) {}
  }, everyMs);
  return () => clearInterval(timer);
}

async function subscribe(t: TestService, url: string): Promise<void> {
  const now = new Date().toISOString();
  await t.ctx.store.db
    .insertInto('notification_subscriptions')
    .values({
      id: 'ntf_busy',
      project_id: t.projectId,
      channel: 'webhook',
      profile_id: null,
      event_types: '["post.published"]',
      only_scheduled_posts: 0,
      enabled: 1,
      webhook_url: url,
      webhook_secret_enc: t.ctx.sealer.seal('whsec_busy'),
      email_recipients: null,
      last_test_at: null,
      last_test_status: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

forEachDatabase('webhook deliveries on a busy machine', (dialect) => {
  it('sends each event once to a receiver that answers at once', { timeout: 180_000 }, async () => {
    const r = await startReceiver();
    const t = await startTestService(dialect, {
      settings: {
        JOBS_LEASE_MS: String(LEASE_MS),
        JOBS_POLL_MS: '20',
        NOTIFICATION_POLL_MS: '25',
        NOTIFICATION_RETRY_DELAYS_MS: '100,100',
        WEBHOOK_TIMEOUT_MS: '5000',
      },
    });
    let stopStarving = () => {};
    try {
      await subscribe(t, r.url);
      // Two thirds of every lease period without CPU: the renewals (every third of it) come late.
      stopStarving = starve(LEASE_MS * 0.66, LEASE_MS);
      const ids: string[] = [];
      await t.ctx.store.db.transaction().execute(async (trx) => {
        for (let i = 0; i < EVENTS; i++) {
          const event = lifecycleEvent(t.projectId, 'post.published');
          ids.push(event.id);
          await fanOutEvent(trx, t.ctx.config, event);
        }
      });
      await r.waitFor(EVENTS, 150_000);
      // Time for a repeat to arrive: two more lease periods, still starved.
      await new Promise((done) => setTimeout(done, 3 * LEASE_MS));
      stopStarving();
      const perEvent = new Map<string, number>();
      for (const got of r.received) perEvent.set(got.body.id, (perEvent.get(got.body.id) ?? 0) + 1);
      const failed = await t.ctx.store.db
        .selectFrom('notification_attempts')
        .select(['error'])
        .where('success', '=', 0)
        .execute();
      const repeated = [...perEvent].filter(([, n]) => n > 1);
      assert.deepEqual(
        { repeats: repeated.length, failedAttempts: failed.map((f) => f.error) },
        { repeats: 0, failedAttempts: [] },
      );
      assert.deepEqual([...perEvent.keys()].sort(), ids.sort());
    } finally {
      stopStarving();
      await t.close();
      await r.close();
    }
  });

  it('sends each event once to a slow receiver while the worker stalls past its lease', {
    timeout: 180_000,
  }, async () => {
    const SLOW = 8;
    // Answers come after several lease periods; meanwhile the worker's process stalls for longer
    // than a lease, so its renewals come late and the rows are due again for its own polls.
    const r = await startReceiver(() => ({ status: 200, delayMs: 3 * LEASE_MS }));
    const t = await startTestService(dialect, {
      settings: {
        JOBS_LEASE_MS: String(LEASE_MS),
        JOBS_POLL_MS: '20',
        NOTIFICATION_POLL_MS: '25',
        NOTIFICATION_RETRY_DELAYS_MS: '100,100',
        WEBHOOK_TIMEOUT_MS: '30000',
      },
    });
    try {
      await subscribe(t, r.url);
      await t.ctx.store.db.transaction().execute(async (trx) => {
        for (let i = 0; i < SLOW; i++)
          await fanOutEvent(trx, t.ctx.config, lifecycleEvent(t.projectId, 'post.published'));
      });
      await r.waitFor(SLOW, 150_000);
      for (let i = 0; i < 3; i++) {
        const until = performance.now() + LEASE_MS * 1.2;
        while (performance.now() < until) {}
        await new Promise((done) => setTimeout(done, 100));
      }
      // Every delivery answered and recorded; then time for a repeat to arrive.
      for (;;) {
        const open = await t.ctx.store.db
          .selectFrom('notification_deliveries')
          .select('id')
          .where('status', '!=', 'succeeded')
          .execute();
        if (open.length === 0) break;
        await new Promise((done) => setTimeout(done, 50));
      }
      await new Promise((done) => setTimeout(done, 4 * LEASE_MS));
      const perEvent = new Map<string, number>();
      for (const got of r.received) perEvent.set(got.body.id, (perEvent.get(got.body.id) ?? 0) + 1);
      assert.equal(perEvent.size, SLOW);
      assert.deepEqual(
        [...perEvent.values()].filter((n) => n > 1),
        [],
      );
    } finally {
      await t.close();
      await r.close();
    }
  });
});
