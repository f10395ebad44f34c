/**
 * Counters that every node reads cheaply to learn that something security-relevant
 * changed elsewhere. `key_revocations` grows by one with each revoked access key;
 * API nodes compare it with the value they last saw and drop their key cache when
 * it moved, so a key revoked by any process stops working on every node within a
 * second, without a query per request (src/domain/projects/key-cache.ts).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('security_counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into security_counters (name, value) values ('key_revocations', 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('security_counters').execute();
}
