/**
 * Multi-row reads and writes of the publishing batches (batch-start.ts,
 * batch-ledger.ts, batch-settle.ts), one statement for the whole batch each.
 *
 * Lock order, the same in every batch and in the posts API: posts, then jobs, each
 * set in id order. On PostgreSQL the locks are taken by `SELECT … ORDER BY id FOR
 * UPDATE`, so two batches (of this node or another) that share rows wait for each
 * other instead of deadlocking. On SQLite every transaction begins IMMEDIATE
 * (src/store/sqlite-driver.ts): it holds the database's one write lock from its
 * first statement, so plain reads see rows no other process can change before the
 * batch writes (a no-op UPDATE per locked row did this before, at the cost of
 * rewriting those rows and their pages in every batch).
 */
import { CompiledQuery, type Transaction } from 'kysely';
import type { Dialect } from '../../store/db.ts';
import type { Database } from '../../store/schema.ts';
import { cachedText, marks, padded, selectByIdsText } from '../../store/sql-text.ts';
import type { PostsTable, PostTargetsTable } from '../../store/tables/posts.ts';

export type Trx = Transaction<Database>;

/**
 * The ids, without duplicates, in order, padded to a few sizes (sql-text.ts): a
 * repeated id changes nothing in `IN (…)`.
 */
const uniqueSorted = (ids: Iterable<string>): string[] => padded([...new Set(ids)].sort());

/**
 * The statements below are written as SQL text, cached per shape (src/store/sql-text.ts),
 * rather than built with the query builder: they carry hundreds of parameters per batch,
 * and building and compiling such a query was a measurable part of a worker's time in a
 * spike (bench:spike, --cpu-prof). Their text is fixed but for the number of rows, which
 * the padding keeps to a few sizes.
 */
async function query<R>(trx: Trx, text: string, params: readonly unknown[]): Promise<R[]> {
  return (await trx.executeQuery<R>(CompiledQuery.raw(text, [...params]))).rows;
}

/** `select <columns> from <table> where <column> in (ids)`, with the lock each dialect needs (see the top). */
function byIdsText(dialect: Dialect, table: string, columns: string, count: number, lock: boolean): string {
  // SQLite: the transaction holds the database's write lock from its start (see the top).
  const suffix = lock && dialect === 'postgres' ? ' order by "id" for update' : '';
  return selectByIdsText(dialect, table, columns, count, suffix);
}

/** Locks the posts and returns them by id (missing ids are deleted posts). */
export async function lockPosts(
  trx: Trx,
  dialect: Dialect,
  postIds: Iterable<string>,
): Promise<Map<string, PostsTable>> {
  const ids = uniqueSorted(postIds);
  if (ids.length === 0) return new Map();
  const rows = await query<PostsTable>(trx, byIdsText(dialect, 'posts', '*', ids.length, true), ids);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Locks the job rows and returns who holds each lease (fencing: a write for a job
 * goes ahead only when its runner is still the holder). Holding the row lock until
 * the commit keeps any other runner from claiming the job between check and write.
 */
export async function lockJobLeases(
  trx: Trx,
  dialect: Dialect,
  jobIds: Iterable<string>,
): Promise<Map<string, string | null>> {
  const ids = uniqueSorted(jobIds);
  if (ids.length === 0) return new Map();
  const text = byIdsText(dialect, 'jobs', '"id", "lease_owner"', ids.length, true);
  const rows = await query<{ id: string; lease_owner: string | null }>(trx, text, ids);
  return new Map(rows.map((r) => [r.id, r.lease_owner]));
}

export async function readTargets(
  trx: Trx,
  dialect: Dialect,
  targetIds: Iterable<string>,
): Promise<Map<string, PostTargetsTable>> {
  const ids = uniqueSorted(targetIds);
  if (ids.length === 0) return new Map();
  const rows = await query<PostTargetsTable>(
    trx,
    byIdsText(dialect, 'post_targets', '*', ids.length, false),
    ids,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** What a ledger write needs of a target, and no more (content and the rest stay in the database). */
export type TargetLedger = Pick<PostTargetsTable, 'id' | 'project_id' | 'status' | 'ledger' | 'checkpoint'>;

export async function readTargetLedgers(
  trx: Trx,
  dialect: Dialect,
  targetIds: Iterable<string>,
): Promise<Map<string, TargetLedger>> {
  const ids = uniqueSorted(targetIds);
  if (ids.length === 0) return new Map();
  const columns = '"id", "project_id", "status", "ledger", "checkpoint"';
  const rows = await query<TargetLedger>(
    trx,
    byIdsText(dialect, 'post_targets', columns, ids.length, false),
    ids,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every target of these posts (to derive each post's status). */
export async function readTargetsOfPosts(
  trx: Trx,
  dialect: Dialect,
  postIds: Iterable<string>,
): Promise<PostTargetsTable[]> {
  const ids = uniqueSorted(postIds);
  if (ids.length === 0) return [];
  const text = cachedText(
    `${dialect} targets of posts ${ids.length}`,
    () => `select * from "post_targets" where "post_id" in (${marks(dialect, ids.length)})`,
  );
  return query<PostTargetsTable>(trx, text, ids);
}
