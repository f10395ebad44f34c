import type { Kysely } from 'kysely';

/** The durable job queue (src/jobs/). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('platform', 'text')
    .addColumn('account', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The claim scans due rows in run_at order.
  await db.schema.createIndex('jobs_due').on('jobs').column('run_at').execute();
  await db.schema.createIndex('jobs_lease_owner').on('jobs').column('lease_owner').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
