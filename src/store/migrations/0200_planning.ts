import type { Kysely } from 'kysely';

/**
 * Planning: posting queues with weekly time slots, the slots queued posts take
 * (unique per owner and time, so the database decides between concurrent adds),
 * recurring series, and the link from a post to its series.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_queues')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('slots', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_queues_pk', ['project_id', 'owner'])
    .execute();

  await db.schema
    .createTable('queue_slots')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('slot_at', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('queue_slots_pk', ['project_id', 'owner', 'slot_at'])
    .execute();
  await db.schema.createIndex('queue_slots_post').on('queue_slots').column('post_id').execute();

  await db.schema
    .createTable('post_series')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('variants', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('anchor_at', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('post_series_project').on('post_series').column('project_id').execute();

  await db.schema.alterTable('posts').addColumn('series_id', 'text').execute();
  await db.schema.alterTable('posts').addColumn('series_index', 'integer').execute();
  // One post per occurrence of a series, whatever races or crashes: a second
  // hand-over of the same occurrence fails instead of publishing twice.
  await db.schema
    .createIndex('posts_series_occurrence')
    .on('posts')
    .columns(['series_id', 'series_index'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('posts_series_occurrence').execute();
  await db.schema.alterTable('posts').dropColumn('series_index').execute();
  await db.schema.alterTable('posts').dropColumn('series_id').execute();
  await db.schema.dropTable('post_series').execute();
  await db.schema.dropTable('queue_slots').execute();
  await db.schema.dropTable('post_queues').execute();
}
