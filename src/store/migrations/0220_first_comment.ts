import type { Kysely } from 'kysely';

/**
 * First comments: the post's own (`firstComment` of the request, kept for edits
 * and the Post record) and, per target, the text that target comments once it is
 * live (the post's, or the target's own such as YouTube's option; null when the
 * platform can not comment or there is nothing to post). Both null on older rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('first_comment', 'text').execute();
  await db.schema.alterTable('post_targets').addColumn('first_comment', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('post_targets').dropColumn('first_comment').execute();
  await db.schema.alterTable('posts').dropColumn('first_comment').execute();
}
