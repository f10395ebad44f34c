/** Reading posts: one by id, or a filtered page (GET /v1/posts, GET /v1/posts/scheduled). */
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Dialect } from '../../store/db.ts';
import type { Database } from '../../store/schema.ts';
import { limitedTo, type ProjectReach, postInReach, projectOf } from '../teams/reach.ts';
import { type PostRecord, type PostRow, type TargetRow, toPostRecord } from './types.ts';

export async function loadTargets(
  ctx: AppContext,
  projectId: string,
  postIds: readonly string[],
): Promise<Map<string, TargetRow[]>> {
  const out = new Map<string, TargetRow[]>(postIds.map((id) => [id, []]));
  if (postIds.length === 0) return out;
  const rows = await ctx.store.db
    .selectFrom('post_targets')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('post_id', 'in', postIds)
    .orderBy('position')
    .execute();
  for (const r of rows) out.get(r.post_id)?.push(r);
  return out;
}

/** The post row of this project, or 404. */
export async function getPostRow(ctx: AppContext, reach: ProjectReach, postId: string): Promise<PostRow> {
  const row = await ctx.store.db
    .selectFrom('posts')
    .selectAll()
    .where('project_id', '=', projectOf(reach))
    .where('id', '=', postId)
    .where(postInReach(reach))
    .executeTakeFirst();
  if (!row) throw notFound('Post');
  return row;
}

export async function getPost(ctx: AppContext, reach: ProjectReach, postId: string): Promise<PostRecord> {
  const projectId = projectOf(reach);
  const row = await getPostRow(ctx, reach, postId);
  const targets = await loadTargets(ctx, projectId, [postId]);
  return toPostRecord(row, targets.get(postId) ?? []);
}

export interface PostFilter {
  status?: string;
  platform?: string[];
  profileId?: string;
  createdAfter?: string;
  createdBefore?: string;
  scheduledAfter?: string;
  scheduledBefore?: string;
  limit: number;
  offset: number;
  sort?: 'asc' | 'desc';
  /** Order by scheduled time instead of creation time (the scheduled list). */
  orderBy?: 'created_at' | 'scheduled_for';
}

function isoBound(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const t = Date.parse(value);
  if (Number.isNaN(t) || !/^\d{4}-\d{2}-\d{2}/.test(value))
    throw new AppError('invalid', `query parameter ${name} must be an ISO 8601 date-time`);
  return new Date(t).toISOString();
}

/** Ids of the posts with a target on one of these platforms (a post id once per such target). */
function postIdsOnPlatforms(db: Kysely<Database>, projectId: string, platforms: readonly string[]) {
  return db
    .selectFrom('post_targets as t')
    .select('t.post_id')
    .where('t.project_id', '=', projectId)
    .where('t.platform', 'in', platforms);
}
type PostIdSet = ReturnType<typeof postIdsOnPlatforms>;

/**
 * Ids of the posts with a target on an integration of this profile; for the literal
 * `null`, on an integration without a profile or no longer connected.
 */
function postIdsOfProfile(db: Kysely<Database>, projectId: string, profileId: string): PostIdSet {
  const targets = db
    .selectFrom('post_targets as t')
    .select('t.post_id')
    .where('t.project_id', '=', projectId);
  // The integrations without a profile and those disconnected since (their ids are kept
  // in removed_integrations): a few hundred ids, each giving its targets from an index,
  // instead of every target of the project checked against the integrations.
  if (profileId === 'null')
    return targets.where('t.integration_id', 'in', (eb) =>
      eb
        .selectFrom('integrations')
        .select('id')
        .where('project_id', '=', projectId)
        .where('profile_id', 'is', null)
        .unionAll(
          eb
            .selectFrom('removed_integrations')
            .select('integration_id as id')
            .where('project_id', '=', projectId),
        ),
    );
  return targets
    .innerJoin('integrations as i', (j) =>
      j.onRef('i.id', '=', 't.integration_id').on('i.project_id', '=', projectId),
    )
    .where('i.profile_id', '=', profileId);
}

export async function listPosts(
  ctx: AppContext,
  reach: ProjectReach,
  f: PostFilter,
): Promise<{ total: number; posts: PostRecord[] }> {
  const projectId = projectOf(reach);
  const bounds = {
    createdAfter: isoBound('createdAfter', f.createdAfter),
    createdBefore: isoBound('createdBefore', f.createdBefore),
    scheduledAfter: isoBound('scheduledAfter', f.scheduledAfter),
    scheduledBefore: isoBound('scheduledBefore', f.scheduledBefore),
  };
  const db = ctx.store.db;
  // A caller limited to profiles sees only the posts of its profiles' accounts.
  let q = postsOfProject(db, projectId).where(postInReach(reach));
  const limited = limitedTo(reach) !== null;
  if (f.status) q = q.where('posts.status', '=', f.status);
  if (bounds.createdAfter) q = q.where('posts.created_at', '>=', bounds.createdAfter);
  if (bounds.createdBefore) q = q.where('posts.created_at', '<=', bounds.createdBefore);
  if (bounds.scheduledAfter) q = q.where('posts.scheduled_for', '>=', bounds.scheduledAfter);
  if (bounds.scheduledBefore) q = q.where('posts.scheduled_for', '<=', bounds.scheduledBefore);
  // The platform and profile filters as sets of post ids (`id in (…)`, not a correlated
  // `exists` per post): the database reads each set once from an index instead of
  // probing post_targets for each of the project's posts (see docs/benchmarks-list.md).
  const platformSet =
    f.platform !== undefined && f.platform.length > 0
      ? postIdsOnPlatforms(db, projectId, f.platform)
      : undefined;
  const profileSet = f.profileId === undefined ? undefined : postIdsOfProfile(db, projectId, f.profileId);
  const order = f.orderBy ?? 'created_at';
  const dir = f.sort ?? (order === 'scheduled_for' ? 'asc' : 'desc');
  if (!platformSet && !profileSet) {
    const page = await pageThenCount(q, f, order, dir, () => countPosts(q));
    return withTargets(ctx, projectId, page);
  }
  const postFiltered =
    limited || f.status !== undefined || Object.values(bounds).some((b) => b !== undefined);
  const onlySet = platformSet && profileSet ? undefined : (platformSet ?? profileSet);
  // One set and no other filter: the posts index is walked in the list's order and each
  // post looked up in the set (built once into a hash, or a Bloom filter and an index on
  // SQLite), so the walk stops at the page's end instead of reading and sorting every
  // match; the total is the set's distinct post ids, without touching posts (a target
  // always belongs to a post of its project). Statements at 1M posts: a platform's
  // 4.8 -> 1.1 ms on SQLite and 4.1 -> 1.9 ms on PostgreSQL, a profile's 8.6 -> 5.9 ms
  // on SQLite. A profile on PostgreSQL keeps the window: its distinct count alone took
  // 3.7 ms, as long as the window. At worst (a set of a few old posts) the walk reads
  // the project's posts index once, as the unfiltered list's count does.
  if (onlySet && !postFiltered && (ctx.store.dialect === 'sqlite' || onlySet === platformSet)) {
    const walked = q.where(checkedPerPost(ctx.store.dialect, onlySet));
    const page = await pageThenCount(walked, f, order, dir, () => countDistinctPosts(db, onlySet));
    return withTargets(ctx, projectId, page);
  }
  if (platformSet) q = q.where('posts.id', 'in', platformSet);
  if (profileSet) {
    // PostgreSQL misjudges the size of a profile's set: it takes a project's rows of
    // integrations and of post_targets as independent of the profile and of the
    // integration, so it expects a handful of post ids where a profile has thousands
    // (1 estimated, 5,000 read at 10,000 posts per project). It then drives the plan
    // from that set, probing the posts index once per id (16 ms for the combined filter)
    // or building the set again for each post of a date range (45 ms for one day). As a
    // check per post the set is read once into a hash and each post that the other
    // filters select is looked up in it: bounded by the project's posts whatever the
    // estimate (4 ms combined, 6 ms alone). SQLite keeps the plain `in`: its plans of it
    // are within the goal.
    q =
      ctx.store.dialect === 'postgres'
        ? q.where(checkedPerPost('postgres', profileSet))
        : q.where('posts.id', 'in', profileSet);
  }
  return withTargets(ctx, projectId, await pageWithTotal(db, q, f, order, dir));
}

/**
 * `posts.id in (set)` written so that the database checks each post it reads against
 * the set instead of starting its plan from the set: SQLite does not use an index for
 * a term under a unary `+`, and PostgreSQL does not make `(… in …) is true` a semi join
 * (it reads the set once into a hash: a hashed subplan).
 */
function checkedPerPost(dialect: Dialect, set: PostIdSet) {
  return dialect === 'postgres'
    ? sql<boolean>`(${sql.ref('posts.id')} in ${set}) is true`
    : sql<boolean>`+${sql.ref('posts.id')} in ${set}`;
}

/** The page's posts as records, each with its targets (one read for the page). */
async function withTargets(
  ctx: AppContext,
  projectId: string,
  { rows, total }: { rows: PostRow[]; total: number },
): Promise<{ total: number; posts: PostRecord[] }> {
  const targets = await loadTargets(
    ctx,
    projectId,
    rows.map((r) => r.id),
  );
  return {
    total,
    // A row (pageWithTotal) also carries the page's total, which toPostRecord does not read (no copy without it).
    posts: rows.map((r) => toPostRecord(r, targets.get(r.id) ?? [])),
  };
}

const postsOfProject = (db: Kysely<Database>, projectId: string) =>
  db.selectFrom('posts').where('posts.project_id', '=', projectId);
type PostsQuery = ReturnType<typeof postsOfProject>;

/**
 * With a platform or profile filter, the page and the total in one statement: the
 * matching ids (from indexes alone) are found once, counted by a window over all of
 * them, and only the page's rows are read. Its set of ids is built once instead of
 * once per part, which outweighs the window's cost of holding and sorting every match.
 */
async function pageWithTotal(
  db: Kysely<Database>,
  q: PostsQuery,
  f: PostFilter,
  order: 'created_at' | 'scheduled_for',
  dir: 'asc' | 'desc',
): Promise<{ rows: PostRow[]; total: number }> {
  const page = q
    .select(['posts.id as page_id', sql<number>`count(*) over ()`.as('total')])
    .orderBy(`posts.${order}`, dir)
    .orderBy('posts.id', dir)
    .limit(f.limit)
    .offset(f.offset)
    .as('page');
  const rows = await db
    .selectFrom(page)
    .innerJoin('posts', 'posts.id', 'page.page_id')
    .selectAll('posts')
    .select('page.total')
    .orderBy(`posts.${order}`, dir)
    .orderBy('posts.id', dir)
    .execute();
  // A page past the end has no row to carry the total: counted apart (rare).
  const total = rows.length > 0 ? Number(rows[0]?.total) : f.offset === 0 ? 0 : await countPosts(q);
  return { rows, total };
}

/**
 * The page read in index order, which stops after `limit` rows, then the total
 * counted by `count` (from a covering index, or from the one set of ids) unless the
 * page already tells it (a page that is not full and not past the end). Without a
 * set, at 10,000 posts, both together take about 2 ms where the window holding every
 * match took 4-8 ms (docs/benchmarks-list.md).
 * The two reads are not one snapshot: a post created between them is counted but not
 * on this page, as it would be on the next one anyway (offset pages move with writes).
 */
async function pageThenCount(
  q: PostsQuery,
  f: PostFilter,
  order: 'created_at' | 'scheduled_for',
  dir: 'asc' | 'desc',
  count: () => Promise<number>,
): Promise<{ rows: PostRow[]; total: number }> {
  const rows = await q
    .selectAll('posts')
    .orderBy(`posts.${order}`, dir)
    .orderBy('posts.id', dir)
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  // Not full, and not past the end (or at the start): the page holds the last matches.
  const last = rows.length < f.limit && (rows.length > 0 || f.offset === 0);
  const total = last ? f.offset + rows.length : await count();
  return { rows, total };
}

async function countPosts(q: PostsQuery): Promise<number> {
  return Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
}

/** How many posts a set of post ids names (a post with several matching targets counts once). */
async function countDistinctPosts(db: Kysely<Database>, set: PostIdSet): Promise<number> {
  const row = await db
    .selectFrom(set.as('s'))
    .select((eb) => eb.fn.count<number>('s.post_id').distinct().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
