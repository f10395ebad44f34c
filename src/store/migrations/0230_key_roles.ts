import type { Kysely } from 'kysely';

/**
 * Access keys with a narrower reach: a key keeps full access (role `owner`) unless
 * it is created with another role (a read-only or a publishing key), and may be
 * limited to some profiles (a JSON array of profile ids; null for all).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('access_keys')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('owner'))
    .execute();
  await db.schema.alterTable('access_keys').addColumn('profile_ids', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('access_keys').dropColumn('profile_ids').execute();
  await db.schema.alterTable('access_keys').dropColumn('role').execute();
}
