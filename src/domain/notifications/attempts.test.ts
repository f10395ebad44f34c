import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { lifecycleEvent } from '../../../test/notifications/events.ts';
import type { AttemptOutcome } from '../../notifications/webhook.ts';
import { type AttemptRecord, recordAttempt } from './attempts.ts';
import { fanOutEvent } from './fanout.ts';
import { createSubscription } from './subscriptions.ts';

const ok: AttemptOutcome = { ok: true, statusCode: 204, durationMs: 12, error: null };
const timedOut: AttemptOutcome = {
  ok: false,
  statusCode: null,
  durationMs: 1500,
  error: 'no answer within 1500 ms',
};
const refused: AttemptOutcome = {
  ok: false,
  statusCode: 500,
  durationMs: 3,
  error: 'receiver answered HTTP 500',
};

/**
 * Attempts that finish together are recorded in one transaction. These record
 * several at once (submitted in the same turn, so they share a batch) and read
 * back the deliveries log.
 */
forEachDatabase('recording delivery attempts together', (dialect) => {
  let t: TestService;
  let subscriptionId: string;
  before(async () => {
    // No worker: the deliveries stay as the test leaves them.
    t = await startTestService(dialect, { settings: { ROLE: 'api' } });
    subscriptionId = (
      await createSubscription(t.ctx, t.projectId, {
        channel: 'webhook',
        eventTypes: ['post.published'],
        webhook: { url: 'https://hooks.example.com/in' },
      })
    ).id;
  });
  after(() => t.close());

  async function newDeliveries(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const event = lifecycleEvent(t.projectId, 'post.published');
      await fanOutEvent(t.ctx.store.db, t.ctx.config, event);
      const row = await t.ctx.store.db
        .selectFrom('notification_deliveries')
        .select('id')
        .where('event_id', '=', event.id)
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  }

  const attempt = (deliveryId: string, n: number, outcome: AttemptOutcome, retryInMs = 0): AttemptRecord => ({
    deliveryId,
    projectId: t.projectId,
    attempt: n,
    maxAttempts: 3,
    startedAt: new Date('2026-11-24T10:00:00.000Z'),
    outcome,
    retryInMs,
    now: new Date('2026-11-24T10:00:01.000Z'),
  });

  const read = (ids: string[]) =>
    Promise.all([
      t.ctx.store.db.selectFrom('notification_deliveries').selectAll().where('id', 'in', ids).execute(),
      t.ctx.store.db
        .selectFrom('notification_attempts')
        .selectAll()
        .where('delivery_id', 'in', ids)
        .execute(),
    ]);

  it('keeps each attempt its own outcome: succeeded, retrying, failed, a batch of only timeouts', async () => {
    const [a, b, c, d] = await newDeliveries(4);
    assert.ok(a && b && c && d);
    const states = await Promise.all([
      recordAttempt(t.ctx.store, attempt(a, 1, ok)),
      recordAttempt(t.ctx.store, attempt(b, 1, timedOut, 30_000)),
      recordAttempt(t.ctx.store, attempt(c, 3, refused)),
      recordAttempt(t.ctx.store, attempt(d, 2, { ...timedOut, permanent: true })),
    ]);
    assert.deepEqual(states, ['succeeded', 'retrying', 'failed', 'failed']);
    // Only timeouts: no status code at all in the batch (PostgreSQL must still store a null integer).
    const [e, f] = await newDeliveries(2);
    assert.ok(e && f);
    assert.deepEqual(
      await Promise.all([
        recordAttempt(t.ctx.store, attempt(e, 1, timedOut, 30_000)),
        recordAttempt(t.ctx.store, attempt(f, 1, timedOut, 30_000)),
      ]),
      ['retrying', 'retrying'],
    );

    const [deliveries, attempts] = await read([a, b, c, d, e, f]);
    const byId = new Map(deliveries.map((r) => [r.id, r]));
    assert.deepEqual(
      [a, b, c, d, e].map((id) => {
        const r = byId.get(id);
        return [
          r?.status,
          r?.attempts,
          r?.last_status_code,
          r?.last_error,
          r?.next_attempt_at,
          r?.completed_at,
        ];
      }),
      [
        ['succeeded', 1, 204, null, null, '2026-11-24T10:00:01.000Z'],
        ['pending', 1, null, timedOut.error, '2026-11-24T10:00:31.000Z', null],
        ['failed', 3, 500, refused.error, null, '2026-11-24T10:00:01.000Z'],
        ['failed', 2, null, timedOut.error, null, '2026-11-24T10:00:01.000Z'],
        ['pending', 1, null, timedOut.error, '2026-11-24T10:00:31.000Z', null],
      ],
    );
    assert.equal(byId.get(a)?.updated_at, '2026-11-24T10:00:01.000Z');
    assert.equal(attempts.length, 6);
    const ofA = attempts.find((r) => r.delivery_id === a);
    assert.deepEqual(
      ofA && [ofA.attempt, ofA.started_at, ofA.status_code, ofA.duration_ms, ofA.success, ofA.error],
      [1, '2026-11-24T10:00:00.000Z', 204, 12, 1, null],
    );
    const ofC = attempts.find((r) => r.delivery_id === c);
    assert.deepEqual(ofC && [ofC.attempt, ofC.status_code, ofC.success, ofC.error], [
      3,
      500,
      0,
      refused.error,
    ]);
  });

  it('a batch that fails part-way loses and doubles nothing: the others are stored once, the bad one fails alone', async () => {
    const [a, gone, c] = await newDeliveries(3);
    assert.ok(a && gone && c);
    // The delivery is deleted while its attempt is under way: its attempt row can not be stored (foreign key).
    await t.ctx.store.db.deleteFrom('notification_deliveries').where('id', '=', gone).execute();
    const results = await Promise.allSettled([
      recordAttempt(t.ctx.store, attempt(a, 1, ok)),
      recordAttempt(t.ctx.store, attempt(gone, 1, ok)),
      recordAttempt(t.ctx.store, attempt(c, 1, refused, 30_000)),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.deepEqual(
      results.map((r) => (r.status === 'fulfilled' ? r.value : null)),
      ['succeeded', null, 'retrying'],
    );
    const [deliveries, attempts] = await read([a, gone, c]);
    assert.deepEqual(
      deliveries.map((r) => [r.id, r.status, r.attempts]).sort(),
      [
        [a, 'succeeded', 1],
        [c, 'pending', 1],
      ].sort(),
    );
    // Exactly one attempt row each: the rolled-back batch left nothing, the retries alone wrote once.
    assert.deepEqual(attempts.map((r) => r.delivery_id).sort(), [a, c].sort());
  });
});
