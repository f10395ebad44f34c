/**
 * The deliveries log of a subscription (each event sent to it, with every
 * attempt) and redelivery of a finished delivery.
 */
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../errors.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { deliverNotification } from '../../notifications/deliver-job.ts';
import { limitedTo, type ProjectReach, profileInReach, projectOf } from '../teams/reach.ts';
import { maxAttempts } from './retry.ts';
import { getSubscriptionRow } from './subscriptions.ts';

export interface DeliveryRecord {
  id: string;
  eventId: string;
  eventType: string;
  /** Null for an event that is not about a post of the service (account events, messages). */
  postId: string | null;
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
  reach: ProjectReach,
  subscriptionId: string,
  page: { limit: number; offset: number; status?: string | undefined },
): Promise<{ total: number; deliveries: DeliveryRecord[] }> {
  const projectId = projectOf(reach);
  const sub = await ctx.store.db
    .selectFrom('notification_subscriptions')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', '=', subscriptionId)
    .where(profileInReach(reach, 'profile_id'))
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
      postId: r.post_id || null,
      channel: r.channel,
      status: r.status,
      nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
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
  reach: ProjectReach,
  subscriptionId: string,
  deliveryId: string,
): Promise<void> {
  const projectId = projectOf(reach);
  // A subscription outside a limited caller's reach is answered like one that does not exist.
  if (limitedTo(reach) !== null) await getSubscriptionRow(ctx, reach, subscriptionId);
  const now = ctx.now();
  const attempts = maxAttempts(ctx.config);
  const updated = await ctx.store.db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('notification_deliveries')
      .set({
        status: 'pending',
        attempts: 0,
        max_attempts: attempts,
        next_attempt_at: now.toISOString(),
        updated_at: now.toISOString(),
        completed_at: null,
      })
      .where('project_id', '=', projectId)
      .where('subscription_id', '=', subscriptionId)
      .where('id', '=', deliveryId)
      .where('status', '!=', 'pending')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return false;
    await enqueue(trx, {
      kind: deliverNotification,
      projectId,
      payload: { deliveryId },
      maxAttempts: attempts,
    });
    return true;
  });
  if (updated) return;
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
