/**
 * What a caller reaches: a project, and within it every profile or only some.
 * Domain verbs that routes call take a `Reach` (a route passes its `Caller`, which
 * is one) where they took a project id; a plain project id still means the whole
 * project (workers, the CLI, the service itself). A limited caller sees and acts
 * only on the accounts (integrations) of its profiles and on posts all of whose
 * targets are such accounts; anything else is answered exactly as if it did not
 * exist (404, or an unknown account), never 403, so nothing leaks its existence.
 * The filters are SQL, applied in the queries that read the records.
 */
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../store/schema.ts';

export interface Reach {
  projectId: string;
  /** The profiles the caller is limited to, or null for every profile of the project. */
  profileIds: readonly string[] | null;
}

/** A Reach, or a project id alone for the whole project. */
export type ProjectReach = string | Reach;

export function reachOf(reach: ProjectReach): Reach {
  return typeof reach === 'string' ? { projectId: reach, profileIds: null } : reach;
}

export const projectOf = (reach: ProjectReach): string =>
  typeof reach === 'string' ? reach : reach.projectId;

/** The profiles a reach is limited to, or null when it reaches the whole project. */
export function limitedTo(reach: ProjectReach): readonly string[] | null {
  return typeof reach === 'string' ? null : reach.profileIds;
}

/** True when the reach covers the profile (an account without a profile is reached only by the whole project). */
export function reachesProfile(reach: ProjectReach, profileId: string | null | undefined): boolean {
  const limit = limitedTo(reach);
  if (limit === null) return true;
  return typeof profileId === 'string' && limit.includes(profileId);
}

// A limited reach with no profiles reaches nothing; `in ()` is not valid SQL.
const NONE = ['\u0001none'];
const idList = (limit: readonly string[]) => sql.join(limit.length > 0 ? [...limit] : NONE);
const ALL = sql<SqlBool>`1 = 1`;

/**
 * `where` filter on a column holding an account's profile id (`integrations.profile_id`,
 * a subscription's `profile_id`): the rows the reach covers. A null profile is covered
 * only by the whole project.
 */
export function profileInReach(reach: ProjectReach, column: string): Expression<SqlBool> {
  const limit = limitedTo(reach);
  return limit === null ? ALL : sql<SqlBool>`${sql.ref(column)} in (${idList(limit)})`;
}

/**
 * `where` filter for a query over `posts` (the post's id in `postIdColumn`): a limited
 * reach covers a post that has targets and whose every target's account is of a
 * reached profile. A post spanning reached and other profiles is not reached: part of
 * it belongs to someone the caller does not act for.
 */
export function postInReach(reach: ProjectReach, postIdColumn = 'posts.id'): Expression<SqlBool> {
  const limit = limitedTo(reach);
  if (limit === null) return ALL;
  const post = sql.ref(postIdColumn);
  return sql<SqlBool>`(exists (select 1 from post_targets rt where rt.post_id = ${post})
    and not exists (select 1 from post_targets rt left join integrations ri on ri.id = rt.integration_id
      where rt.post_id = ${post} and (ri.profile_id is null or ri.profile_id not in (${idList(limit)}))))`;
}

/** Whether the post `postId` of the reach's project is reached. */
export async function postReached(
  db: Kysely<Database>,
  reach: ProjectReach,
  postId: string,
): Promise<boolean> {
  if (limitedTo(reach) === null) return true;
  const row = await db
    .selectFrom('posts')
    .select('id')
    .where('project_id', '=', projectOf(reach))
    .where('id', '=', postId)
    .where(postInReach(reach))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * `where` filter for a query over `post_series` (its id in `seriesIdColumn`): a series
 * is reached when its occurrences are (they all publish to the same accounts).
 */
export function seriesInReach(reach: ProjectReach, seriesIdColumn = 'post_series.id'): Expression<SqlBool> {
  if (limitedTo(reach) === null) return ALL;
  return sql<SqlBool>`exists (select 1 from posts sp where sp.series_id = ${sql.ref(seriesIdColumn)}
    and ${postInReach(reach, 'sp.id')})`;
}
