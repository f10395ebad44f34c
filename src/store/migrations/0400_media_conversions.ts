/**
 * Media conversions (src/domain/publishing/convert-media-job.ts): one row per
 * derivative a post's target needs, named by its content address (the project, the
 * source's bytes and the recipe). The conversion job fills it in once; a publish
 * attempt that finds it `done` publishes the derivative, one that finds it `failed`
 * fails the target with its reason. Rows go with their post.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_conversions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('media_id', 'text')
    .addColumn('url', 'text')
    .addColumn('mime_type', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('size', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_conversions_post').on('media_conversions').column('post_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_conversions').execute();
}
