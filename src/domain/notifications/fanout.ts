/**
 * Turns one lifecycle event into one delivery per matching subscription. It
 * takes the caller's database or open transaction, so the publishing engine can
 * fan out in the same transaction as the post's state change, and the outbox
 * dispatcher does it in one transaction with its "dispatched" mark. The unique
 * (event, subscription) pair makes running it twice harmless.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import { buildPayload, type LifecycleEvent, subscriptionWants } from '../../notifications/events.ts';
import type { Database } from '../../store/schema.ts';
import { newId } from '../ids.ts';

export type Db = Kysely<Database> | Transaction<Database>;

type WakeListener = () => void;
const listeners = new Set<WakeListener>();

/** Delivery workers of this process listen here to start at once instead of at the next poll. */
export function onDeliveriesQueued(listener: WakeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wakeDeliveryWorkers(): void {
  for (const l of listeners) l();
}

/** The configured number of attempts per delivery: one plus the retry delays. */
export function maxAttempts(config: Config): number {
  return retryDelays(config).length + 1;
}

export function retryDelays(config: Config): number[] {
  return config.NOTIFICATION_RETRY_DELAYS_MS.map((d) => {
    const n = Number(d);
    if (!Number.isInteger(n) || n < 0)
      throw new Error(`NOTIFICATION_RETRY_DELAYS_MS holds "${d}", not a whole number of ms`);
    return n;
  });
}

/** Queues the event's deliveries; returns how many new ones were written. */
export async function fanOutEvent(db: Db, config: Config, event: LifecycleEvent): Promise<number> {
  const subs = await db
    .selectFrom('notification_subscriptions')
    .selectAll()
    .where('project_id', '=', event.projectId)
    .where('enabled', '=', 1)
    .execute();
  const now = new Date();
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
      max_attempts: maxAttempts(config),
      next_attempt_at: now.getTime(),
      lease_owner: null,
      last_status_code: null,
      last_error: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      completed_at: null,
    }));
  let written = 0;
  for (const row of rows) {
    const res = await db
      .insertInto('notification_deliveries')
      .values(row)
      .onConflict((oc) => oc.columns(['event_id', 'subscription_id']).doNothing())
      .executeTakeFirst();
    written += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  await db
    .insertInto('notification_dispatched')
    .values({ event_id: event.id, project_id: event.projectId, dispatched_at: now.toISOString() })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
  if (written > 0) wakeDeliveryWorkers();
  return written;
}
