/**
 * Outbox dispatch state moves into the outbox row (`dispatched_at`, null while an
 * event waits), with a partial index holding only the waiting rows: the
 * dispatcher then reads exactly the events it has to send, however many old
 * ones the outbox holds, instead of scanning a time window of dispatched ones
 * for the few that are not. The separate table of dispatch markers is folded in
 * and dropped. Finished deliveries get an index by completion time, for removing
 * old history (notifications/retention.ts).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('dispatched_at', 'text').execute();
  await sql`update outbox set dispatched_at = (
      select d.dispatched_at from notification_dispatched d where d.event_id = outbox.id
    ) where exists (select 1 from notification_dispatched d where d.event_id = outbox.id)`.execute(db);
  await db.schema.dropTable('notification_dispatched').execute();
  await db.schema
    .createIndex('outbox_waiting')
    .on('outbox')
    .columns(['created_at', 'id'])
    .where(sql.ref('dispatched_at'), 'is', null)
    .execute();
  await db.schema.createIndex('outbox_dispatched').on('outbox').column('dispatched_at').execute();
  await db.schema
    .createIndex('notification_deliveries_completed')
    .on('notification_deliveries')
    .column('completed_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notification_deliveries_completed').execute();
  await db.schema.dropIndex('outbox_dispatched').execute();
  await db.schema.dropIndex('outbox_waiting').execute();
  await db.schema
    .createTable('notification_dispatched')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('dispatched_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into notification_dispatched (event_id, project_id, dispatched_at)
    select id, project_id, dispatched_at from outbox where dispatched_at is not null`.execute(db);
  await db.schema.alterTable('outbox').dropColumn('dispatched_at').execute();
}
