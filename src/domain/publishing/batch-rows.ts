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
import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../../store/db.ts';
import type { Database } from '../../store/schema.ts';
import type { PostsTable, PostTargetsTable } from '../../store/tables/posts.ts';

export type Trx = Transaction<Database>;

/**
 * The ids, without duplicates, in order, padded with the last one to the next power
 * of two: a batch's statements then come in a few sizes only, so SQLite finds them
 * prepared in its statement cache instead of parsing a new text for every batch
 * size. A repeated id changes nothing in `IN (…)`, nor as a repeated row of
 * identical values in `UPDATE … FROM`.
 */
const uniqueSorted = (ids: Iterable<string>): string[] => padded([...new Set(ids)].sort());

function padded<T>(list: T[]): T[] {
  if (list.length <= 1) return list;
  const size = 2 ** Math.ceil(Math.log2(list.length));
  const last = list[list.length - 1] as T;
  while (list.length < size) list.push(last);
  return list;
}

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

/** What a ledger write needs of a target, and no more (content and the rest stay in the database). */
export type TargetLedger = Pick<PostTargetsTable, 'id' | 'project_id' | 'status' | 'ledger' | 'checkpoint'>;

export async function readTargetLedgers(
  trx: Trx,
  targetIds: Iterable<string>,
): Promise<Map<string, TargetLedger>> {
  const ids = uniqueSorted(targetIds);
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('post_targets')
    .select(['id', 'project_id', 'status', 'ledger', 'checkpoint'])
    .where('id', 'in', ids)
    .execute();
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
 * of columns: `WITH v(id, …) AS (VALUES …) UPDATE table SET col = v.col … FROM v
 * WHERE table.id = v.id`, which both databases run as one primary-key lookup per
 * row (a `CASE id WHEN …` per column costs rows × rows comparisons instead).
 * Columns given numbers are cast to integer: PostgreSQL reads VALUES parameters as text.
 * `integers` names integer columns that may hold only nulls in a batch (no number
 * to tell them by): without the cast PostgreSQL refuses to store text in them.
 */
export async function updateRowsById<T extends 'post_targets' | 'posts' | 'notification_deliveries'>(
  trx: Trx,
  table: T,
  rows: readonly { id: string; set: Partial<Record<string, Value>> }[],
  integers: readonly string[] = [],
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
    const integer = new Set(
      g.columns.filter((c) => integers.includes(c) || g.rows.some((r) => typeof r.set[c] === 'number')),
    );
    for (let i = 0; i < g.rows.length; i += 256) {
      const chunk = padded(g.rows.slice(i, i + 256));
      const values = chunk.map((r) => sql`(${sql.join([r.id, ...g.columns.map((c) => r.set[c] ?? null)])})`);
      const sets = g.columns.map((c) =>
        integer.has(c)
          ? sql`${sql.ref(c)} = cast(${sql.ref(`v.${c}`)} as integer)`
          : sql`${sql.ref(c)} = ${sql.ref(`v.${c}`)}`,
      );
      await sql`with v (${sql.join([sql.ref('id'), ...g.columns.map((c) => sql.ref(c))])}) as (values ${sql.join(values)})
        update ${sql.table(table)} set ${sql.join(sets)} from v where ${sql.ref(`${table}.id`)} = ${sql.ref('v.id')}`.execute(
        trx,
      );
    }
  }
}
