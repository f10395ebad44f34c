import type { Kysely } from 'kysely';

/**
 * Request counts per rate-limit key (an access key's hash, or a caller's address),
 * shared by every api process on one PostgreSQL so that a key gets its limit once,
 * not once per process. One row per key: the start of its window and the count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window').on('rate_limits').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
