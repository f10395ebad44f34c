import { type Kysely, sql } from 'kysely';

/** Projects, their access keys, profiles and integrations (connected accounts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('access_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('access_keys_project').on('access_keys').column('project_id').execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('profiles_project_created')
    .on('profiles')
    .columns(['project_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('integrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('profile_id', 'text')
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('platform_user_id', 'text', (c) => c.notNull())
    .addColumn('username', 'text')
    .addColumn('display_name', 'text')
    .addColumn('profile_url', 'text')
    .addColumn('image_url', 'text')
    .addColumn('platform_metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('app_id', 'text')
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('access_token_enc', 'text')
    .addColumn('refresh_token_enc', 'text')
    .addColumn('access_token_expires_at', 'text')
    .addColumn('refresh_token_expires_at', 'text')
    .addColumn('auth_status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('auth_failure_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One integration per platform account per project (and per customer app): reconnecting updates it.
  await sql`create unique index integrations_account on integrations (project_id, platform, platform_user_id, coalesce(app_id, ''))`.execute(
    db,
  );
  await db.schema
    .createIndex('integrations_profile')
    .on('integrations')
    .columns(['project_id', 'profile_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['integrations', 'profiles', 'access_keys', 'projects'])
    await db.schema.dropTable(t).execute();
}
