/**
 * Rows to insert, gathered per table, written later with one multi-row INSERT
 * per table (chunked to stay under both databases' parameter limits). Hot write
 * paths (group-committed post creates) plan their rows first and let one shared
 * transaction write the rows of many requests at once: a statement costs far
 * more than a row, in SQLite and even more over a PostgreSQL round trip.
 *
 * The SQL text is built here, not by Kysely's query builder, because compiling a
 * builder query costs time per value; the text only depends on table, columns and
 * row count, so the driver's statement cache serves repeated batch sizes.
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from './db.ts';
import type { Database } from './schema.ts';
import { cachedText, marks } from './sql-text.ts';

type Db = Kysely<Database> | Transaction<Database>;
type TableName = keyof Database & string;
type Row<T extends TableName> = Database[T];

/** Both SQLite (32766) and PostgreSQL (65535) accept this many parameters per statement. */
const MAX_PARAMS = 30_000;

export class RowSet {
  /** Tables in the order rows were first added to them: parents before children. */
  private readonly tables = new Map<TableName, object[]>();
  private readonly commitCallbacks: (() => void)[] = [];

  add<T extends TableName>(table: T, ...rows: Row<T>[]): void {
    let list = this.tables.get(table);
    if (!list) {
      list = [];
      this.tables.set(table, list);
    }
    for (const r of rows) list.push(r);
  }

  /** Runs after the transaction that wrote these rows committed (e.g. waking job runners). */
  afterCommit(fn: () => void): void {
    this.commitCallbacks.push(fn);
  }

  /** Moves another set's rows and callbacks into this one (keeping table order). */
  absorb(other: RowSet): void {
    for (const [table, rows] of other.tables) this.add(table, ...(rows as Row<typeof table>[]));
    this.commitCallbacks.push(...other.commitCallbacks);
  }

  async write(db: Db, dialect: Dialect): Promise<void> {
    if (dialect === 'postgres' && this.tables.size > 1 && (await this.writeAsOneStatement(db))) return;
    for (const [table, rows] of this.tables) await insertRows(db, dialect, table, rows);
  }

  /**
   * PostgreSQL: every table's INSERT in one statement (data-modifying WITH
   * clauses), one round trip instead of one per table. Foreign keys between
   * the tables hold, as PostgreSQL checks them at the end of the statement.
   * Returns false (nothing written) when the rows need more parameters than one
   * statement takes.
   */
  private async writeAsOneStatement(db: Db): Promise<boolean> {
    const params: unknown[] = [];
    const inserts: string[] = [];
    for (const [table, rows] of this.tables) {
      const columns = columnsOf(table, rows);
      if (params.length + columns.length * rows.length > MAX_PARAMS) return false;
      const groups = rows.map((row) => {
        const marks = valuesOf(table, columns, row).map((v) => `$${params.push(v)}`);
        return `(${marks.join(', ')})`;
      });
      inserts.push(
        `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${groups.join(', ')}`,
      );
    }
    const last = inserts.pop();
    const text = `with ${inserts.map((q, i) => `w${i} as (${q})`).join(', ')} ${last}`;
    await db.executeQuery(CompiledQuery.raw(text, params));
    return true;
  }

  committed(): void {
    for (const fn of this.commitCallbacks) fn();
  }
}

function insertText(dialect: Dialect, table: string, columns: readonly string[], count: number): string {
  return cachedText(`${dialect} insert ${table} ${columns.join(',')} ${count}`, () => {
    const width = columns.length;
    const groups = Array.from({ length: count }, (_, r) => `(${marks(dialect, width, r * width + 1)})`);
    const cols = columns.map((c) => `"${c}"`).join(', ');
    return `insert into "${table}" (${cols}) values ${groups.join(', ')}`;
  });
}

/** The columns of a table's rows: those of the first row, which every row must have. */
function columnsOf(table: string, rows: readonly object[]): string[] {
  const columns = Object.keys(rows[0] ?? {});
  for (const row of rows)
    if (Object.keys(row).length !== columns.length)
      throw new Error(`rows for ${table} differ in their columns`);
  return columns;
}

function valuesOf(table: string, columns: readonly string[], row: object): unknown[] {
  const values = row as Record<string, unknown>;
  return columns.map((c) => {
    const v = values[c];
    if (v === undefined) throw new Error(`row for ${table} has no value for ${c}`);
    return v;
  });
}

/** Inserts rows that all have the same columns (those of the first row). */
export async function insertRows(
  db: Db,
  dialect: Dialect,
  table: TableName,
  rows: readonly object[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = columnsOf(table, rows);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const params = chunk.flatMap((row) => valuesOf(table, columns, row));
    await db.executeQuery(CompiledQuery.raw(insertText(dialect, table, columns, chunk.length), params));
  }
}
