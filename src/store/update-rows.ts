/**
 * Updates of many rows, each with its own values, in one statement per set of columns
 * (the publishing batches' target and post writes, the webhook delivery log).
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from './db.ts';
import type { Database } from './schema.ts';
import { cachedText, marks, padded } from './sql-text.ts';

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
  trx: Kysely<Database> | Transaction<Database>,
  dialect: Dialect,
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
    const integer = g.columns.filter(
      (c) => integers.includes(c) || g.rows.some((r) => typeof r.set[c] === 'number'),
    );
    for (let i = 0; i < g.rows.length; i += 256) {
      const chunk = padded(g.rows.slice(i, i + 256));
      const text = cachedText(`${dialect} update ${table} ${g.columns} ${integer} ${chunk.length}`, () => {
        const width = g.columns.length + 1;
        const values = chunk.map((_, r) => `(${marks(dialect, width, r * width + 1)})`).join(', ');
        const sets = g.columns
          .map((c) => (integer.includes(c) ? `"${c}" = cast("v"."${c}" as integer)` : `"${c}" = "v"."${c}"`))
          .join(', ');
        const names = ['id', ...g.columns].map((c) => `"${c}"`).join(', ');
        return `with v (${names}) as (values ${values}) update "${table}" set ${sets} from v where "${table}"."id" = "v"."id"`;
      });
      const params: unknown[] = [];
      for (const r of chunk) {
        params.push(r.id);
        for (const c of g.columns) params.push(r.set[c] ?? null);
      }
      await trx.executeQuery(CompiledQuery.raw(text, params));
    }
  }
}
