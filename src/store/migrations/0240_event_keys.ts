import type { Kysely } from 'kysely';

/**
 * Keys of the account and engagement events already written to the outbox
 * (a platform's comment or message id, a token's expiry), one row each under the
 * primary key, inserted in the same transaction as the event: whichever of the
 * platform's webhook and the poll sees a comment first writes its event, the
 * other finds the key and writes nothing, across restarts and nodes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_keys').execute();
}
