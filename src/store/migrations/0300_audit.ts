import type { Kysely } from 'kysely';

/**
 * The audit log: one row per change, written in the same transaction as the
 * change. Read newest first per project, filtered by actor, object or action.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('object_label', 'text')
    .addColumn('summary', 'text')
    .execute();
  await db.schema.createIndex('audit_log_project_at').on('audit_log').columns(['project_id', 'at']).execute();
  await db.schema
    .createIndex('audit_log_project_object')
    .on('audit_log')
    .columns(['project_id', 'object_id', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_log_project_actor')
    .on('audit_log')
    .columns(['project_id', 'actor', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
