/**
 * Media uploaded by a project (through a signed upload URL, or stored from an AI
 * image), and the AI generations that were charged. An upload row is the
 * project's claim on one stored object: publishing reads it, the retention sweep
 * deletes objects no post references once they are old enough.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('storage', 'text', (c) => c.notNull())
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('declared_mime', 'text', (c) => c.notNull())
    .addColumn('declared_size', 'bigint')
    .addColumn('mime_type', 'text')
    .addColumn('size', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('public_url', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('media_uploads_age')
    .on('media_uploads')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('media_uploads_project').on('media_uploads').column('project_id').execute();
  await db.schema
    .createTable('ai_generations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ai_generations_project').on('ai_generations').column('project_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_generations').execute();
  await db.schema.dropTable('media_uploads').execute();
}
