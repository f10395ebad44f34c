/**
 * Adapts Node's built-in `node:sqlite` to the better-sqlite3 shape that Kysely's
 * SqliteDialect expects, so SQLite needs no native module.
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';

export function openSqlite(path: string) {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  return {
    close: () => db.close(),
    prepare(sql: string) {
      const stmt = db.prepare(sql);
      return {
        reader: stmt.columns().length > 0,
        all: (params: readonly unknown[]) => stmt.all(...(params as SQLInputValue[])),
        run: (params: readonly unknown[]) => stmt.run(...(params as SQLInputValue[])),
        iterate: (params: readonly unknown[]) => stmt.iterate(...(params as SQLInputValue[])),
      };
    },
  };
}
