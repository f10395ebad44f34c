/**
 * Indexes for removing old notification history (notifications/retention.ts):
 * finished deliveries by completion time, dispatch markers by dispatch time.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('notification_deliveries_completed')
    .on('notification_deliveries')
    .column('completed_at')
    .execute();
  await db.schema
    .createIndex('notification_dispatched_at')
    .on('notification_dispatched')
    .column('dispatched_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notification_dispatched_at').execute();
  await db.schema.dropIndex('notification_deliveries_completed').execute();
}
