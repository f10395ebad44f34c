import type { Kysely } from 'kysely';

/**
 * Sign-in that holds against replay and unbounded starts:
 * - people.totp_last_step: the last 30-second step whose authenticator code was
 *   accepted; a code of that step or an earlier one is refused (a code works once);
 * - account_tokens.requested_by: the client address that started an anonymous flow
 *   (OpenID Connect sign-in), so the open ones per address can be capped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('people').addColumn('totp_last_step', 'integer').execute();
  await db.schema.alterTable('account_tokens').addColumn('requested_by', 'text').execute();
  await db.schema
    .createIndex('account_tokens_requested_by')
    .on('account_tokens')
    .columns(['requested_by', 'expires_at'])
    .where('requested_by', 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('account_tokens_requested_by').execute();
  await db.schema.alterTable('account_tokens').dropColumn('requested_by').execute();
  await db.schema.alterTable('people').dropColumn('totp_last_step').execute();
}
