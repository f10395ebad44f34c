/**
 * Adapts Node's built-in `node:sqlite` to the better-sqlite3 shape that Kysely's
 * SqliteDialect expects, so SQLite needs no native module. Prepared statements
 * are kept per SQL text (Kysely produces the same text for the same query shape),
 * which saves SQLite's parse and plan on every repeated query.
 *
 * Transactions begin IMMEDIATE: each takes the database's write lock at its start
 * (waiting up to busy_timeout for another process's), instead of at its first
 * write. A transaction that read first could otherwise fail at that write, at
 * once and without waiting, when another process (a worker beside the API) wrote
 * in between; and what it read stays as read until it commits. Within one process
 * the one connection runs transactions one at a time anyway.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { BACKSTOP_PAGES, type Checkpointer, startCheckpointer } from './sqlite-checkpointer.ts';

const STATEMENT_CACHE_SIZE = 500;
/**
 * SQLite's page cache, in KiB (a negative cache_size). Its default of 2 MB holds a few
 * requests' pages: a list of 100 posts and their 300 targets reads a few hundred pages,
 * which then came from the operating system's cache one read call each. At a million
 * posts 16 MB cut the list's statements to less than half (p50 and p99); 64 MB measured
 * no better, and a worker under a publishing burst fills its cache, so its RSS grows by
 * the size (docs/benchmarks-list.md). Pages are only held once read.
 */
const PAGE_CACHE_KIB = 16_384;
/** Commits after which a file database gets its checkpoint thread (short-lived stores never need one). */
const CHECKPOINTER_AFTER_COMMITS = 200;

const NOTHING_TO_ROLL_BACK = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

export function openSqlite(path: string) {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`);
  const cache = new Map<string, StatementSync>();
  let commits = 0;
  let checkpointer: Checkpointer | null = null;
  const countCommit = () => {
    if (++commits !== CHECKPOINTER_AFTER_COMMITS || path === ':memory:') return;
    db.exec(`PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    checkpointer = startCheckpointer(path);
  };
  // Whether a statement returns rows, asked of SQLite once per SQL text.
  const readers = new Map<string, boolean>();
  const isReader = (sql: string, stmt: StatementSync): boolean => {
    let r = readers.get(sql);
    if (r === undefined) {
      r = stmt.columns().length > 0;
      if (readers.size >= STATEMENT_CACHE_SIZE) readers.clear();
      readers.set(sql, r);
    }
    return r;
  };
  const statement = (sql: string): StatementSync => {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = db.prepare(sql);
      // Schema changes (migrations) are rare; statements stay valid across them in SQLite.
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, stmt);
    }
    return stmt;
  };
  return {
    close: () => {
      checkpointer?.stop();
      cache.clear();
      db.close();
    },
    prepare(sql: string) {
      // SQLite rolls a transaction back by itself on some errors (SQLITE_FULL: the disk is full). The
      // ROLLBACK that follows must then do nothing, not fail and hide the error that caused it.
      if (sql === 'rollback' && !db.isTransaction) return NOTHING_TO_ROLL_BACK;
      // Kysely begins every transaction with a plain `begin` (deferred): see the top.
      const stmt = statement(sql === 'begin' ? 'begin immediate' : sql);
      if (sql === 'commit') countCommit();
      return {
        reader: isReader(sql, stmt),
        all: (params: readonly unknown[]) => stmt.all(...(params as SQLInputValue[])),
        run: (params: readonly unknown[]) => stmt.run(...(params as SQLInputValue[])),
        // A stream gets a statement of its own: a shared one would be reset under it.
        iterate: (params: readonly unknown[]) => db.prepare(sql).iterate(...(params as SQLInputValue[])),
      };
    },
  };
}
