import type { Kysely } from 'kysely';

/** OAuth states, selection tokens, customer OAuth apps, and the refresh lease on integrations. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_states')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text')
    .addColumn('cancel_redirect_uri', 'text')
    .addColumn('headless', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('profile_id', 'text')
    .addColumn('app_id', 'text')
    .addColumn('code_verifier_enc', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('oauth_states_expires').on('oauth_states').column('expires_at').execute();

  await db.schema
    .createTable('selection_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('choices_enc', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text')
    .addColumn('profile_id', 'text')
    .addColumn('app_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('selection_tokens_expires')
    .on('selection_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('oauth_apps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret_enc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oauth_apps_client')
    .on('oauth_apps')
    .columns(['project_id', 'platform', 'client_id'])
    .unique()
    .execute();

  await db.schema.alterTable('integrations').addColumn('refresh_lock_until', 'text').execute();
  await db.schema
    .alterTable('integrations')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('integrations_access_expiry')
    .on('integrations')
    .column('access_token_expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('integrations_access_expiry').execute();
  await db.schema.alterTable('integrations').dropColumn('token_version').execute();
  await db.schema.alterTable('integrations').dropColumn('refresh_lock_until').execute();
  for (const t of ['oauth_apps', 'selection_tokens', 'oauth_states']) await db.schema.dropTable(t).execute();
}
