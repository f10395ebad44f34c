import { type Kysely, sql } from 'kysely';

/**
 * Approval before publishing, internal notes and client review links.
 * - `pending` now means "awaiting approval": posts the earlier versions stored as
 *   `pending` were accepted for publication now and are `publishing` (their
 *   targets keep `pending` until their job starts).
 * - approval_settings: the project's mode (owner '') and per-profile overrides.
 * - post_approvals: what a post awaiting approval asked for (when to publish) and who asked.
 * - post_notes: notes and the approval history of a post (who, when, what).
 * - review_links: links for people without an account; only the token's hash is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update posts set status = 'publishing' where status = 'pending'`.execute(db);

  await db.schema
    .createTable('approval_settings')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('approval_settings_pk', ['project_id', 'owner'])
    .execute();

  await db.schema
    .createTable('post_approvals')
    .addColumn('post_id', 'text', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('post_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('review_link_id', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('post_notes_post')
    .on('post_notes')
    .columns(['post_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('review_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (c) => c.references('posts.id').onDelete('cascade'))
    .addColumn('profile_id', 'text', (c) => c.references('profiles.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('can_approve', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('review_links_project').on('review_links').column('project_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_links').execute();
  await db.schema.dropTable('post_notes').execute();
  await db.schema.dropTable('post_approvals').execute();
  await db.schema.dropTable('approval_settings').execute();
  // Posts stay `publishing`: the earlier versions' `pending` meant the same thing.
}
