import type { Kysely } from 'kysely';

/**
 * Indexes of the list endpoints (GET /v1/posts, /v1/posts/scheduled, /v1/connect/integrations),
 * so that a project's page and its `total` are read from indexes, whatever the
 * filter, at thousands of posts per project (bench/list.ts, docs/benchmarks-list.md).
 *
 * A page is ordered by (created_at, id): indexes ending in those columns give the
 * page in order without sorting, and give the ids of a page without reading rows.
 * The platform and profile filters select post ids from post_targets; the
 * (project_id, id, …) index checks those ids against the project and the other
 * filters without reading rows. Four older indexes are the leading columns of new ones and are replaced.
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ['posts_project_created_id', 'posts', ['project_id', 'created_at', 'id']],
  ['posts_project_status_created', 'posts', ['project_id', 'status', 'created_at', 'id']],
  ['posts_project_scheduled', 'posts', ['project_id', 'scheduled_for', 'created_at', 'id']],
  // GET /v1/posts/scheduled: status scheduled, ordered by (scheduled_for, id).
  ['posts_project_status_scheduled', 'posts', ['project_id', 'status', 'scheduled_for', 'id']],
  ['posts_project_id_filters', 'posts', ['project_id', 'id', 'created_at', 'status', 'scheduled_for']],
  ['post_targets_integration_post', 'post_targets', ['project_id', 'integration_id', 'post_id']],
  ['integrations_project_created', 'integrations', ['project_id', 'created_at', 'id']],
  ['integrations_platform_created', 'integrations', ['project_id', 'platform', 'created_at', 'id']],
  ['integrations_profile_created', 'integrations', ['project_id', 'profile_id', 'created_at', 'id']],
];

/** Older indexes whose columns lead one of the new ones above: the new one serves their queries. */
const REPLACED: [name: string, table: string, columns: string[]][] = [
  ['posts_project_created', 'posts', ['project_id', 'created_at']],
  ['posts_project_status_due', 'posts', ['project_id', 'status', 'scheduled_for']],
  ['post_targets_integration', 'post_targets', ['project_id', 'integration_id']],
  ['integrations_profile', 'integrations', ['project_id', 'profile_id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES)
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  for (const [name] of REPLACED) await db.schema.dropIndex(name).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of REPLACED)
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
