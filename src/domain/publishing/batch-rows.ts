/**
 * Multi-row reads and writes of the publishing batches (batch-start.ts,
 * batch-ledger.ts, batch-settle.ts), one statement for the whole batch each.
 *
 * Lock order, the same in every batch and in the posts API: posts, then jobs, each
 * set in id order. On PostgreSQL the locks are taken by `SELECT … ORDER BY id FOR
 * UPDATE`, so two batches (of this node or another) that share rows wait for each
 * other instead of deadlocking. On SQLite the first statement of a batch is a
 * write, which takes the database's write lock at once (a transaction that read
 * first and wrote later could fail to upgrade when another process wrote between).
 */
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../store/db.ts';
import type { Database } from '../../store/schema.ts';
import type { PostsTable, PostTargetsTable } from '../../store/tables/posts.ts';

export type Trx = Transaction<Database>;

const uniqueSorted = (ids: Iterable<string>): string[] => [...new Set(ids)].sort();

/** Locks the posts and returns them by id (missing ids are deleted posts). */
export async function lockPosts(
  trx: Trx,
  dialect: Dialect,
  postIds: Iterable<string>,
): Promise<Map<string, PostsTable>> {
  const ids = uniqueSorted(postIds);
  if (ids.length === 0) return new Map();
  const rows =
    dialect === 'postgres'
      ? await trx.selectFrom('posts').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute()
      : await trx
          .updateTable('posts')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where('id', 'in', ids)
          .returningAll()
          .execute();
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
  const rows =
    dialect === 'postgres'
      ? await trx
          .selectFrom('jobs')
          .select(['id', 'lease_owner'])
          .where('id', 'in', ids)
          .orderBy('id')
          .forUpdate()
          .execute()
      : await trx
          .updateTable('jobs')
          .set((eb) => ({ lease_owner: eb.ref('lease_owner') }))
          .where('id', 'in', ids)
          .returning(['id', 'lease_owner'])
          .execute();
  return new Map(rows.map((r) => [r.id, r.lease_owner]));
}

export async function readTargets(
  trx: Trx,
  targetIds: Iterable<string>,
): Promise<Map<string, PostTargetsTable>> {
  const ids = uniqueSorted(targetIds);
  if (ids.length === 0) return new Map();
  const rows = await trx.selectFrom('post_targets').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every target of these posts (to derive each post's status). */
export async function readTargetsOfPosts(trx: Trx, postIds: Iterable<string>): Promise<PostTargetsTable[]> {
  const ids = uniqueSorted(postIds);
  if (ids.length === 0) return [];
  return trx.selectFrom('post_targets').selectAll().where('post_id', 'in', ids).execute();
}

type Value = string | number | null;

/**
 * Updates many rows of `table`, each with its own values, in one statement per set
 * of columns: `SET col = CASE id WHEN … THEN … END … WHERE id IN (…)`. Integer
 * values are cast so PostgreSQL does not take them for text.
 */
export async function updateRowsById<T extends 'post_targets' | 'posts'>(
  trx: Trx,
  table: T,
  rows: readonly { id: string; set: Partial<Record<string, Value>> }[],
): Promise<void> {
  const groups = new Map<
    string,
    { columns: string[]; rows: { id: string; set: Partial<Record<string, Value>> }[] }
  >();
  for (const row of rows) {
    const columns = Object.keys(row.set).sort();
    if (columns.length === 0) continue;
    const key = columns.join(',');
    let g = groups.get(key);
    if (!g) {
      g = { columns, rows: [] };
      groups.set(key, g);
    }
    g.rows.push(row);
  }
  for (const g of groups.values()) {
    for (let i = 0; i < g.rows.length; i += 200) {
      const chunk = g.rows.slice(i, i + 200);
      const sets = g.columns.map(
        (c) =>
          sql`${sql.ref(c)} = case ${sql.ref('id')} ${sql.join(
            chunk.map((r) => sql`when ${r.id} then ${typed(r.set[c] ?? null)}`),
            sql` `,
          )} end`,
      );
      await sql`update ${sql.table(table)} set ${sql.join(sets)} where ${sql.ref('id')} in (${sql.join(
        chunk.map((r) => r.id),
      )})`.execute(trx);
    }
  }
}

function typed(v: Value): RawBuilder<unknown> {
  if (typeof v === 'number')
    return Number.isInteger(v) ? sql`cast(${v} as integer)` : sql`cast(${v} as real)`;
  return sql`${v}`;
}
