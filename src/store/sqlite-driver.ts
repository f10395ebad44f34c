/**
 * Adapts Node's built-in `node:sqlite` to the better-sqlite3 shape that Kysely's
 * SqliteDialect expects, so SQLite needs no native module. Prepared statements
 * are kept per SQL text (Kysely produces the same text for the same query shape),
 * which saves SQLite's parse and plan on every repeated query.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';

const STATEMENT_CACHE_SIZE = 500;

export function openSqlite(path: string) {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  // Whether a statement returns rows is kept with it: asking SQLite for its columns on every run costs more than many runs.
  const cache = new Map<string, { stmt: StatementSync; reader: boolean }>();
  const statement = (sql: string): { stmt: StatementSync; reader: boolean } => {
    let cached = cache.get(sql);
    if (!cached) {
      const stmt = db.prepare(sql);
      cached = { stmt, reader: stmt.columns().length > 0 };
      // Schema changes (migrations) are rare; statements stay valid across them in SQLite.
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, cached);
    }
    return cached;
  };
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql: string) {
      const { stmt, reader } = statement(sql);
      return {
        reader,
        all: (params: readonly unknown[]) => stmt.all(...(params as SQLInputValue[])),
        run: (params: readonly unknown[]) => stmt.run(...(params as SQLInputValue[])),
        // A stream gets a statement of its own: a shared one would be reset under it.
        iterate: (params: readonly unknown[]) => db.prepare(sql).iterate(...(params as SQLInputValue[])),
      };
    },
  };
}
