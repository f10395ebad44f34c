import type { Kysely } from 'kysely';

/**
 * Api processes on one PostgreSQL take the rate limit's budget in leases (several
 * requests at once, spent in memory) rather than a row update per request: `count` is
 * then what has been handed out in the window, and `granted` the size of the last
 * lease, which the statement that takes one reads back (src/http/rate-limit-store.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rate_limits')
    .addColumn('granted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rate_limits').dropColumn('granted').execute();
}
