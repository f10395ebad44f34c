import { type Kysely, sql } from 'kysely';

/**
 * The ids of the integrations a project disconnected (their rows are deleted), kept
 * because their posts' targets still name them. `GET /v1/posts?profileId=null`
 * selects the posts with a target on an integration without a profile or no longer
 * connected: with these ids both halves are index lookups (integrations without a
 * profile, then the targets of each id), instead of every target of the project
 * checked against the integrations that still exist.
 *
 * Filled from the targets already stored: an id that a target names and no
 * integration row has was disconnected before this table existed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('removed_integrations')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('integration_id', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('removed_integrations_pk', ['project_id', 'integration_id'])
    .execute();
  await sql`
    insert into removed_integrations (project_id, integration_id, removed_at)
    select distinct t.project_id, t.integration_id, ${new Date().toISOString()}
    from post_targets t
    where not exists (select 1 from integrations i where i.id = t.integration_id)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('removed_integrations').execute();
}
