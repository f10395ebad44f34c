import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * On PostgreSQL the rate-limit counts become an unlogged table. Every API request
 * writes its count there, and a commit that wrote logged rows waits for the WAL to
 * reach the disk: a flush per request, the most variable part of a cheap request.
 * Counts need no durability (after a crash PostgreSQL empties an unlogged table and
 * each key starts a new window, as after a window ends), so they are kept out of
 * the WAL. SQLite has no such tables; a process there counts in memory anyway.
 */
const onPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (onPostgres(db)) await sql`alter table rate_limits set unlogged`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (onPostgres(db)) await sql`alter table rate_limits set logged`.execute(db);
}
