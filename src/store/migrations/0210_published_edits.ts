import type { Kysely } from 'kysely';

/**
 * Edits of published posts (PATCH /v1/posts/{postId}/published): each target keeps
 * its latest edit as JSON (what was asked, its state, its ledger; see
 * src/domain/published-edits/state.ts), null when it was never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('post_targets').addColumn('edit', 'text').execute();
}
