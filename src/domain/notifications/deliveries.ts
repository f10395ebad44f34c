/**
 * The delivery rows as a durable queue, and the deliveries log. A worker claims
 * due deliveries under a lease (moving next_attempt_at to the lease's end, so a
 * worker that dies leaves them due again by themselves), counts the attempt,
 * sends, and records the outcome only while it still holds the lease.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../errors.ts';
import type { AttemptOutcome } from '../../notifications/webhook.ts';
import type { Store } from '../../store/db.ts';
import type { NotificationDeliveriesTable } from '../../store/tables/notifications.ts';
import { newId } from '../ids.ts';
import { maxAttempts, wakeDeliveryWorkers } from './fanout.ts';

export type DeliveryRow = NotificationDeliveriesTable;

export async function claimDueDeliveries(
  store: Store,
  args: { owner: string; now: number; leaseMs: number; limit: number },
): Promise<DeliveryRow[]> {
  if (args.limit <= 0) return [];
  const until = args.now + args.leaseMs;
  return store.db
    .updateTable('notification_deliveries')
    .set({
      lease_owner: args.owner,
      next_attempt_at: until,
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', 'in', (eb) => {
      const due = eb
        .selectFrom('notification_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', args.now)
        .whereRef('attempts', '<', 'max_attempts')
        .orderBy('next_attempt_at')
        .limit(args.limit);
      return store.dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
    })
    .returningAll()
    .execute();
}

/**
 * A delivery whose last attempt was claimed by a worker that died never got an
 * outcome; once its lease is over it is marked failed with that explanation.
 */
export async function failAbandoned(store: Store, now: number): Promise<number> {
  const res = await store.db
    .updateTable('notification_deliveries')
    .set({
      status: 'failed',
      lease_owner: null,
      last_error: 'the worker stopped during the last attempt; no answer was recorded',
      updated_at: new Date(now).toISOString(),
      completed_at: new Date(now).toISOString(),
    })
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .whereRef('attempts', '>=', 'max_attempts')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Saves an attempt and moves the delivery on: succeeded, due again after the
 * next retry delay, or failed after its last attempt. Does nothing when another
 * worker has taken the delivery over (the lease ran out).
 */
export async function recordAttempt(
  store: Store,
  args: {
    delivery: DeliveryRow;
    owner: string;
    startedAt: Date;
    outcome: AttemptOutcome;
    retryDelaysMs: readonly number[];
    now: number;
  },
): Promise<'succeeded' | 'retrying' | 'failed' | 'lost'> {
  const { delivery, outcome } = args;
  const attempt = delivery.attempts;
  const last = attempt >= delivery.max_attempts;
  const state = outcome.ok ? 'succeeded' : last ? 'failed' : 'retrying';
  const nowIso = new Date(args.now).toISOString();
  const delay = args.retryDelaysMs[attempt - 1] ?? args.retryDelaysMs.at(-1) ?? 0;
  return store.db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('notification_deliveries')
      .set({
        status: state === 'retrying' ? 'pending' : state,
        lease_owner: null,
        next_attempt_at: state === 'retrying' ? args.now + delay : args.now,
        last_status_code: outcome.statusCode,
        last_error: outcome.error,
        updated_at: nowIso,
        completed_at: state === 'retrying' ? null : nowIso,
      })
      .where('id', '=', delivery.id)
      .where('lease_owner', '=', args.owner)
      .where('attempts', '=', attempt)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return 'lost';
    await trx
      .insertInto('notification_attempts')
      .values({
        id: newId('att', args.now),
        project_id: delivery.project_id,
        delivery_id: delivery.id,
        attempt,
        started_at: args.startedAt.toISOString(),
        status_code: outcome.statusCode,
        duration_ms: outcome.durationMs,
        success: outcome.ok ? 1 : 0,
        error: outcome.error,
      })
      .execute();
    return state;
  });
}

export interface DeliveryRecord {
  id: string;
  eventId: string;
  eventType: string;
  postId: string;
  channel: string;
  status: string;
  nextAttemptAt: string | null;
  createdAt: string;
  completedAt: string | null;
  attempts: Array<{
    attempt: number;
    at: string;
    statusCode: number | null;
    durationMs: number;
    success: boolean;
    error: string | null;
  }>;
}

export async function listDeliveries(
  ctx: AppContext,
  projectId: string,
  subscriptionId: string,
  page: { limit: number; offset: number; status?: string | undefined },
): Promise<{ total: number; deliveries: DeliveryRecord[] }> {
  const sub = await ctx.store.db
    .selectFrom('notification_subscriptions')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  if (!sub) throw notFound('Notification subscription');
  let base = ctx.store.db
    .selectFrom('notification_deliveries')
    .where('project_id', '=', projectId)
    .where('subscription_id', '=', subscriptionId);
  if (page.status) base = base.where('status', '=', page.status);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const attempts = rows.length
    ? await ctx.store.db
        .selectFrom('notification_attempts')
        .selectAll()
        .where('project_id', '=', projectId)
        .where(
          'delivery_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('started_at')
        .execute()
    : [];
  return {
    total: Number(total.n),
    deliveries: rows.map((r) => ({
      id: r.id,
      eventId: r.event_id,
      eventType: r.event_type,
      postId: r.post_id,
      channel: r.channel,
      status: r.status,
      nextAttemptAt:
        r.status === 'pending' && r.lease_owner === null
          ? new Date(Number(r.next_attempt_at)).toISOString()
          : null,
      createdAt: r.created_at,
      completedAt: r.completed_at,
      attempts: attempts
        .filter((a) => a.delivery_id === r.id)
        .map((a) => ({
          attempt: a.attempt,
          at: a.started_at,
          statusCode: a.status_code,
          durationMs: a.duration_ms,
          success: a.success === 1,
          error: a.error,
        })),
    })),
  };
}

/**
 * Sends a finished delivery again with the same event id and body, with a fresh
 * budget of attempts. A delivery still in progress is a conflict.
 */
export async function redeliver(
  ctx: AppContext,
  projectId: string,
  subscriptionId: string,
  deliveryId: string,
): Promise<void> {
  const now = ctx.now();
  const res = await ctx.store.db
    .updateTable('notification_deliveries')
    .set({
      status: 'pending',
      attempts: 0,
      max_attempts: maxAttempts(ctx.config),
      next_attempt_at: now.getTime(),
      lease_owner: null,
      updated_at: now.toISOString(),
      completed_at: null,
    })
    .where('project_id', '=', projectId)
    .where('subscription_id', '=', subscriptionId)
    .where('id', '=', deliveryId)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0) {
    wakeDeliveryWorkers();
    return;
  }
  const exists = await ctx.store.db
    .selectFrom('notification_deliveries')
    .select('status')
    .where('project_id', '=', projectId)
    .where('subscription_id', '=', subscriptionId)
    .where('id', '=', deliveryId)
    .executeTakeFirst();
  if (!exists) throw notFound('Delivery');
  throw conflict('This delivery is still in progress; redeliver it once it has succeeded or failed');
}
