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
import {
  type AccountEvent,
  buildAccountPayload,
  subscriptionWantsAccountEvent,
} from '../../notifications/account-events.ts';
import { deliverNotification } from '../../notifications/deliver-job.ts';
import { buildPayload, type LifecycleEvent, subscriptionWants } from '../../notifications/events.ts';
import type { Database } from '../../store/schema.ts';
import { newId } from '../ids.ts';
import { maxAttempts } from './retry.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/** What the outbox holds: a post's lifecycle event or an account's event. */
export type ServiceEvent = LifecycleEvent | AccountEvent;

const isPostEvent = (e: ServiceEvent): e is LifecycleEvent => 'post' in e;

type SubscriptionOptions = Parameters<typeof subscriptionWants>[0];

function wants(sub: SubscriptionOptions, event: ServiceEvent): boolean {
  return isPostEvent(event) ? subscriptionWants(sub, event) : subscriptionWantsAccountEvent(sub, event);
}

function bodyFor(event: ServiceEvent, profileId: string | null, config: Config): string {
  return JSON.stringify(
    isPostEvent(event)
      ? buildPayload(event, profileId, config.PUBLIC_URL ?? '')
      : buildAccountPayload(event, profileId),
  );
}

/** Queues the event's deliveries; returns how many new ones were written. */
export const fanOutEvent = (db: Db, config: Config, event: ServiceEvent): Promise<number> =>
  fanOutEvents(db, config, [event]);

/**
 * Queues the deliveries of many events with a few statements in all (one read
 * of the projects' subscriptions, multi-row inserts of deliveries and jobs);
 * returns how many new deliveries were written.
 */
export async function fanOutEvents(db: Db, config: Config, events: readonly ServiceEvent[]): Promise<number> {
  const projects = [...new Set(events.map((e) => e.projectId))];
  if (projects.length === 0) return 0;
  const subs = await db
    .selectFrom('notification_subscriptions')
    .selectAll()
    .where('project_id', 'in', projects)
    .where('enabled', '=', 1)
    .execute();
  const byProject = new Map<string, typeof subs>();
  for (const s of subs) byProject.set(s.project_id, [...(byProject.get(s.project_id) ?? []), s]);
  const now = new Date();
  const attempts = maxAttempts(config);
  const rows = events.flatMap((event) =>
    (byProject.get(event.projectId) ?? [])
      .filter((s) =>
        wants(
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
        // '' for an account event without a post (the column predates them and is not null).
        post_id: isPostEvent(event) ? event.post.id : (event.postId ?? ''),
        channel: s.channel,
        body: bodyFor(event, s.profile_id, config),
        status: 'pending',
        attempts: 0,
        max_attempts: attempts,
        next_attempt_at: now.toISOString(),
        last_status_code: null,
        last_error: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        completed_at: null,
      })),
  );
  const created: { id: string; project_id: string }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insertInto('notification_deliveries')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['event_id', 'subscription_id']).doNothing())
      .returning(['id', 'project_id'])
      .execute();
    created.push(...inserted);
  }
  await enqueueMany(
    db,
    created.map((d) => ({
      kind: deliverNotification,
      projectId: d.project_id,
      payload: { deliveryId: d.id },
      maxAttempts: attempts,
    })),
  );
  return created.length;
}
