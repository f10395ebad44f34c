import { type Kysely, sql } from 'kysely';

/**
 * outbox_dispatched holds only dispatched events. Retention, its one reader, asks for
 * `dispatched_at is not null and dispatched_at < cutoff`, which the partial index
 * answers. Before, every event written (one per create and one per finished post)
 * also added a NULL entry here, and its dispatch moved that entry; now an event
 * enters the index once, when it is dispatched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_dispatched').ifExists().execute();
  await db.schema
    .createIndex('outbox_dispatched')
    .on('outbox')
    .column('dispatched_at')
    .where(sql.ref('dispatched_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_dispatched').ifExists().execute();
  await db.schema.createIndex('outbox_dispatched').on('outbox').column('dispatched_at').execute();
}
