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
export const fanOutEvent = (db: Db, config: Config, event: LifecycleEvent): Promise<number> =>
  fanOutEvents(db, config, [event]);

/**
 * Queues the deliveries of many events with a few statements in all (one read
 * of the projects' subscriptions, multi-row inserts of deliveries and jobs);
 * returns how many new deliveries were written.
 */
export async function fanOutEvents(
  db: Db,
  config: Config,
  events: readonly LifecycleEvent[],
): Promise<number> {
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
