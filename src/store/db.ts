/**
 * Opens the database: SQLite (node:sqlite, WAL) by default, PostgreSQL when a
 * DATABASE_URL is given. The same Kysely queries and migrations serve both.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { prepareDataDir, privateFile } from './data-dir.ts';
import { callbackQueryPool } from './pg-pool.ts';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite-driver.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, without credentials (for logs). */
  describe: string;
  close(): Promise<void>;
}

// int8 (COUNT(*), bigint columns) as JS numbers: every counter we keep fits in 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir, or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each run its own). */
  pgSchema?: string;
  poolSize?: number;
}

export function openStore(options: OpenOptions): Store {
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    // Nor one that is checked out between two statements (inside a transaction) when its connection is
    // cut (a failover, pg_terminate_backend): its next query fails, and the request or job answers that.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: callbackQueryPool(pool) }) });
    return {
      db,
      dialect: 'postgres',
      describe: `postgres ${url.hostname}:${url.port || 5432}${url.pathname}${options.pgSchema ? ` schema ${options.pgSchema}` : ''}`,
      close: () => db.destroy(),
    };
  }
  const file = options.sqliteFile ?? 'service.sqlite';
  let path = file;
  if (file !== ':memory:') {
    prepareDataDir(options.dataDir);
    path = join(options.dataDir, file);
    // Existing -wal and -shm files (from before the directory was private) are tightened too.
    for (const f of [path, `${path}-wal`, `${path}-shm`]) if (f === path || existsSync(f)) privateFile(f);
  }
  const database = openSqlite(path);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', describe: `sqlite ${path}`, close: () => db.destroy() };
}

/** True when the database answers a trivial query (health checks). */
export async function ping(store: Store): Promise<boolean> {
  try {
    await sql`select 1`.execute(store.db);
    return true;
  } catch {
    return false;
  }
}
