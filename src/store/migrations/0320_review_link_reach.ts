import { type Kysely, sql } from 'kysely';

/**
 * A review link keeps its creator's reach: `review_links.profile_ids` is the JSON
 * array of the profiles the creator was limited to when making it (null: the whole
 * project). Links made before are given their creator's limit as it is now (the
 * access key's or the member's); a link whose creator is gone is limited to its own
 * profile when it has one, so no old link reaches wider than it could have.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review_links').addColumn('profile_ids', 'text').execute();
  await sql`update review_links set profile_ids = case
      when exists (select 1 from access_keys k where 'key:' || k.id = review_links.created_by)
        then (select k.profile_ids from access_keys k where 'key:' || k.id = review_links.created_by)
      when exists (select 1 from members m join people p on p.id = m.person_id
          where m.project_id = review_links.project_id and p.email = review_links.created_by)
        then (select m.profile_ids from members m join people p on p.id = m.person_id
          where m.project_id = review_links.project_id and p.email = review_links.created_by)
      when review_links.profile_id is not null then '["' || review_links.profile_id || '"]'
      else null end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review_links').dropColumn('profile_ids').execute();
}
