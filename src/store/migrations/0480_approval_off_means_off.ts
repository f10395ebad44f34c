import { type Kysely, sql } from 'kysely';

/**
 * `off` used to mean what `contributors` means (a contributor's post waited for
 * approval). `off` now means no approval step at all, so a setting saved before
 * keeps its effect by becoming `contributors`; a project with no row has the
 * `contributors` default, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update approval_settings set mode = 'contributors' where mode = 'off'`.execute(db);
}

export async function down(_db: Kysely<unknown>): Promise<void> {
  // `contributors` rows stay: the old `off` behaved the same way.
}
