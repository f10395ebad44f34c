import type { Kysely } from 'kysely';

/**
 * Mastodon: the app the service registered on each instance (`POST /api/v1/apps`,
 * once per instance, its secret sealed), and the instance a connect flow runs on,
 * kept with its OAuth state so the callback exchanges the code there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mastodon_apps')
    .addColumn('instance', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret_enc', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('registered_by_project', 'text', (c) => c.notNull())
    .addColumn('registered_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mastodon_apps_by_project')
    .on('mastodon_apps')
    .columns(['registered_by_project', 'registered_at'])
    .execute();
  await db.schema.alterTable('oauth_states').addColumn('instance', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_states').dropColumn('instance').execute();
  await db.schema.dropTable('mastodon_apps').execute();
}
