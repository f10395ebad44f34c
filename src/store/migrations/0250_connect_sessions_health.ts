import type { Kysely } from 'kysely';

/**
 * Hosted connect sessions and the figures of account and platform health:
 * - connect_sessions: a link an integrator hands to their customer (stored by the
 *   token's hash), and connect_session_integrations, what the customer connected
 *   through it (a row per integration, so two tabs of one session never lose one);
 * - oauth_states.connect_session_enc: the sealed session token of an OAuth flow
 *   started from the hosted page, so its callback returns there;
 * - platform_outcomes: final publish outcomes per platform and minute, across all
 *   projects (GET /v1/platforms reads the last window of them);
 * - an index to read an account's latest publish outcome without a sort of all its targets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connect_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('platforms', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text')
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('branding', 'text', (c) => c.notNull())
    .addColumn('app_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('connect_sessions_expires')
    .on('connect_sessions')
    .column('expires_at')
    .execute();
  await db.schema
    .createTable('connect_session_integrations')
    .addColumn('session_id', 'text', (c) => c.notNull().references('connect_sessions.id').onDelete('cascade'))
    .addColumn('integration_id', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('connect_session_integrations_pk', ['session_id', 'integration_id'])
    .execute();
  await db.schema.alterTable('oauth_states').addColumn('connect_session_enc', 'text').execute();
  await db.schema
    .createTable('platform_outcomes')
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('minute', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('platform_failures', 'integer', (c) => c.notNull())
    // Minute first: the read is a range of the last minutes.
    .addPrimaryKeyConstraint('platform_outcomes_pk', ['minute', 'platform'])
    .execute();
  await db.schema
    .createIndex('post_targets_integration_updated')
    .on('post_targets')
    .columns(['integration_id', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('post_targets_integration_updated').execute();
  await db.schema.dropTable('platform_outcomes').execute();
  await db.schema.alterTable('oauth_states').dropColumn('connect_session_enc').execute();
  await db.schema.dropTable('connect_session_integrations').execute();
  await db.schema.dropTable('connect_sessions').execute();
}
