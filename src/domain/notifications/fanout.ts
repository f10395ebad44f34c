/**
 * Turns one lifecycle event into one delivery per matching subscription, each
 * with its `deliver_notification` job. It takes the caller's database or open
 * transaction, so the publishing engine can fan out in the same transaction as
 * the post's state change, and the outbox dispatcher does it in one transaction
 * with its "dispatched" mark. The unique (event, subscription) pair makes
 * running it twice harmless: only new deliveries get a job.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import { enqueueMany } from '../../jobs/enqueue.ts';
import { deliverNotification } from '../../notifications/deliver-job.ts';
import { buildPayload, type LifecycleEvent, subscriptionWants } from '../../notifications/events.ts';
import type { Database } from '../../store/schema.ts';
import { newId } from '../ids.ts';
import { maxAttempts } from './retry.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/** Queues the event's deliveries; returns how many new ones were written. */
export async function fanOutEvent(db: Db, config: Config, event: LifecycleEvent): Promise<number> {
  const subs = await db
    .selectFrom('notification_subscriptions')
    .selectAll()
    .where('project_id', '=', event.projectId)
    .where('enabled', '=', 1)
    .execute();
  const now = new Date();
  const attempts = maxAttempts(config);
  const rows = subs
    .filter((s) =>
      subscriptionWants(
        {
          enabled: s.enabled === 1,
          eventTypes: JSON.parse(s.event_types) as string[],
          profileId: s.profile_id,
          onlyScheduledPosts: s.only_scheduled_posts === 1,
        },
        event,
      ),
    )
    .map((s) => ({
      id: newId('dlv', now.getTime()),
      project_id: event.projectId,
      subscription_id: s.id,
      event_id: event.id,
      event_type: event.type,
      post_id: event.post.id,
      channel: s.channel,
      body: JSON.stringify(buildPayload(event, s.profile_id, config.PUBLIC_URL ?? '')),
      status: 'pending',
      attempts: 0,
      max_attempts: attempts,
      next_attempt_at: now.toISOString(),
      last_status_code: null,
      last_error: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      completed_at: null,
    }));
  const created: string[] = [];
  if (rows.length > 0) {
    const inserted = await db
      .insertInto('notification_deliveries')
      .values(rows)
      .onConflict((oc) => oc.columns(['event_id', 'subscription_id']).doNothing())
      .returning('id')
      .execute();
    created.push(...inserted.map((r) => r.id));
  }
  await enqueueMany(
    db,
    created.map((deliveryId) => ({
      kind: deliverNotification,
      projectId: event.projectId,
      payload: { deliveryId },
      maxAttempts: attempts,
    })),
  );
  await db
    .insertInto('notification_dispatched')
    .values({ event_id: event.id, project_id: event.projectId, dispatched_at: now.toISOString() })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
  return created.length;
}
