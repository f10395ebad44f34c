/**
 * The post metrics cache: one row per published target with the metrics its
 * platform last gave (JSON), when, and why the last refresh failed. GET
 * /v1/analytics/ answers from it and asks the refresh job for what is old, so a
 * page of posts costs the platforms at most one refresh per max age, and an
 * outage serves the last values, marked stale.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_metrics')
    .addColumn('target_id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('integration_id', 'text', (c) => c.notNull())
    .addColumn('metrics', 'text')
    .addColumn('unavailable', 'text')
    .addColumn('fetched_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('requested_at', 'text')
    .execute();
  await db.schema.createIndex('post_metrics_project').on('post_metrics').column('project_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('post_metrics').execute();
}
