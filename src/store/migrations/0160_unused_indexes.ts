import type { Kysely } from 'kysely';

/**
 * Drops four indexes no query needs; each was still written by every row it covers.
 *
 * - jobs.lease_owner: every statement that names an owner also names the job ids
 *   (renewing, handing back and deleting held jobs), and the primary key finds them.
 *   SQLite nevertheless chose the owner's index for those statements: without
 *   statistics it rates one equality above a list of ids, so each walked every job
 *   the runner held (hundreds under a burst) instead of looking up its few ids. And
 *   every claim, which sets the owner, moved its rows in that index.
 * - outbox (created_at, id) and (project_id, post_id): the dispatcher reads waiting
 *   events through the partial index outbox_waiting, and retention removes dispatched
 *   ones through outbox_dispatched. Nothing reads events by post or all events in
 *   order, and every create and every finished post writes an event.
 * - posts (status, scheduled_for): due posts are found through their jobs, and every
 *   read of posts names the post or its project (the list indexes lead with the
 *   project). A post's status changes at least twice as it publishes, and each change
 *   moved its entry here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_lease_owner').ifExists().execute();
  await db.schema.dropIndex('outbox_created').ifExists().execute();
  await db.schema.dropIndex('outbox_post').ifExists().execute();
  await db.schema.dropIndex('posts_status_due').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('jobs_lease_owner').on('jobs').column('lease_owner').execute();
  await db.schema.createIndex('outbox_created').on('outbox').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('outbox_post').on('outbox').columns(['project_id', 'post_id']).execute();
  await db.schema.createIndex('posts_status_due').on('posts').columns(['status', 'scheduled_for']).execute();
}
