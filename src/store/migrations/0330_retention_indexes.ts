import type { Kysely } from 'kysely';

/**
 * Indexes for the retention sweep (src/domain/retention/expired-records.ts): each
 * chunk it deletes is found by the time its rule reads, not by reading the table.
 */
const INDEXES: readonly [name: string, table: string, column: string][] = [
  ['sessions_expires', 'sessions', 'expires_at'],
  ['sessions_last_seen', 'sessions', 'last_seen_at'],
  ['account_tokens_expires', 'account_tokens', 'expires_at'],
  ['account_tokens_used', 'account_tokens', 'used_at'],
  ['sign_in_failures_last', 'sign_in_failures', 'last_failure_at'],
  ['review_links_expires', 'review_links', 'expires_at'],
  ['review_links_revoked', 'review_links', 'revoked_at'],
  ['event_keys_created', 'event_keys', 'created_at'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, column] of INDEXES)
    await db.schema.createIndex(name).ifNotExists().on(table).column(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
