/**
 * Reading the stored sealed values, column by column, as the one declaration
 * (src/store/sealed.ts) lists them: the rotation, its check pass and the start-up
 * check all walk the data through here, so none of them can miss a column the
 * others see.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { type SealedColumn, sealedInJson } from '../../store/sealed.ts';

const BATCH = 200;

/** One stored row of a sealed column: its text and the sealed values in it. */
export interface SealedRow {
  id: string;
  text: string;
  values: string[];
  /** The row's text with these sealed values replaced (for `json` columns: the others kept). */
  replace(map: Map<string, string>): string;
}

async function batchAfter(
  ctx: AppContext,
  col: SealedColumn,
  after: string,
): Promise<{ id: string; text: string }[]> {
  // In JSON a sealed value is a string starting with v1. or v2.: the filter skips the rows without one.
  const filter = col.form === 'json' ? sql`and ${sql.ref(col.column)} like ${'%"v_.%'}` : sql``;
  const key = sql.ref(col.key);
  const { rows } = await sql<{ id: string; text: string }>`select ${key} as id, ${sql.ref(col.column)} as text
    from ${sql.table(col.table)} where ${sql.ref(col.column)} is not null ${filter} and ${key} > ${after}
    order by ${key} limit ${BATCH}`.execute(ctx.store.db);
  return rows;
}

function asSealedRow(col: SealedColumn, row: { id: string; text: string }): SealedRow {
  if (col.form === 'value')
    return { ...row, values: [row.text], replace: (map) => map.get(row.text) ?? row.text };
  const inside = sealedInJson(row.text);
  return { ...row, values: inside.values, replace: inside.replace };
}

/** Calls `visit` for every row of `col` that holds a sealed value, in id order, a batch at a time. */
export async function forEachSealedRow(
  ctx: AppContext,
  col: SealedColumn,
  visit: (row: SealedRow) => Promise<void> | void,
): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await batchAfter(ctx, col, after);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]?.id ?? after;
    for (const row of rows) {
      const sealed = asSealedRow(col, row);
      if (sealed.values.length > 0) await visit(sealed);
    }
  }
}

/** Replaces a row's text only if it still holds what was read (a value changed meanwhile is never overwritten). */
export async function replaceIfUnchanged(
  ctx: AppContext,
  col: SealedColumn,
  row: SealedRow,
  text: string,
): Promise<boolean> {
  const res = await sql`update ${sql.table(col.table)} set ${sql.ref(col.column)} = ${text}
    where ${sql.ref(col.key)} = ${row.id} and ${sql.ref(col.column)} = ${row.text}`.execute(ctx.store.db);
  return Number(res.numAffectedRows ?? 0) === 1;
}
