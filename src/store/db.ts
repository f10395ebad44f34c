/**
 * Opens the database: SQLite (node:sqlite, WAL) by default, PostgreSQL when a
 * DATABASE_URL is given. The same Kysely queries and migrations serve both.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
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
  /**
   * Maintenance scope: runs `work` on a PostgreSQL connection of its own whose
   * statements are not held to the request deadline (DATABASE_STATEMENT_TIMEOUT_MS),
   * only to `statementTimeoutMs` (default 0: none). For work that is long by nature
   * and that no client waits on: migrations, retention sweeps, backups, the CLI's
   * maintenance commands, a benchmark's set-up. `work` may run transactions on its
   * handle; it gets one connection, so it must not wait on two queries at once.
   * SQLite has no statement deadline: `work` runs on `db`.
   */
  maintenance<T>(work: (db: Kysely<Database>) => Promise<T>, scope?: MaintenanceScope): Promise<T>;
  close(): Promise<void>;
}

export interface MaintenanceScope {
  /** Longest one statement may run in this scope; 0 (the default) for no limit. */
  statementTimeoutMs?: number;
}

let pgModule: typeof pg | null = null;
/**
 * The PostgreSQL client, required when a PostgreSQL store is first opened: a service on
 * SQLite never loads it (a dozen modules and 9 MB of every start-up otherwise).
 */
function postgresClient(): typeof pg {
  if (pgModule) return pgModule;
  const loaded = createRequire(import.meta.url)('pg') as typeof pg;
  // int8 (COUNT(*), bigint columns) as JS numbers: every counter we keep fits in 2^53.
  loaded.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  loaded.types.setTypeParser(1700, (v) => Number.parseFloat(v));
  pgModule = loaded;
  return loaded;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir, or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each run its own). */
  pgSchema?: string;
  poolSize?: number;
  /** Longest wait for a PostgreSQL connection: opening one, or a free one from the pool. */
  connectTimeoutMs?: number;
  /** Longest a PostgreSQL statement may run (the server cancels it: 57014); 0 for none. */
  statementTimeoutMs?: number;
}

/** The bounds of every wait on PostgreSQL, when the caller gives none (DATABASE_* settings). */
const DEFAULT_CONNECT_TIMEOUT_MS = 2_000;
const DEFAULT_STATEMENT_TIMEOUT_MS = 2_000;
/**
 * How much longer than the statement timeout the client waits for an answer before
 * it gives up on the connection: the server's own cancel (57014) arrives first when
 * the server is merely slow; only a network path that stalls or drops packets reaches this.
 */
const READ_TIMEOUT_MARGIN_MS = 1_000;
/** A transaction left idle this long belongs to a client that is gone: the server ends it and frees its locks. */
const IDLE_IN_TRANSACTION_MS = 60_000;
/** TCP keepalive on every connection, so an idle one on a dead path is noticed by the kernel too. */
const KEEPALIVE_DELAY_MS = 10_000;

export function openStore(options: OpenOptions): Store {
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    // Every wait is bounded, so a database that is down, overloaded or behind a cut network
    // path turns into a 503 within seconds instead of a request that hangs: the checkout and
    // the connect (connectionTimeoutMillis), each statement on the server (statement_timeout),
    // each answer on the client (query_timeout, for a path that drops packets without a
    // reset), and an idle socket (TCP keepalive).
    const base: pg.PoolConfig = {
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    };
    const db = openPostgres({
      ...base,
      max: options.poolSize ?? 10,
      ...statementBounds(statementTimeout, base),
    });
    return {
      db,
      dialect: 'postgres',
      async maintenance(work, scope = {}) {
        const own = openPostgres({
          ...base,
          max: 1,
          ...statementBounds(scope.statementTimeoutMs ?? 0, base),
        });
        try {
          return await work(own);
        } finally {
          await own.destroy();
        }
      },
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
  return {
    db,
    dialect: 'sqlite',
    describe: `sqlite ${path}`,
    maintenance: (work) => work(db),
    close: () => db.destroy(),
  };
}

/**
 * The server's statement_timeout and the client's wait for an answer (a little
 * longer, see READ_TIMEOUT_MARGIN_MS). 0 says "none" to the server in so many
 * words: node-postgres sends no statement_timeout for 0, and the connection would
 * take a default set on the server, role or database instead.
 */
function statementBounds(
  timeoutMs: number,
  base: pg.PoolConfig,
): Pick<pg.PoolConfig, 'statement_timeout' | 'query_timeout' | 'options'> {
  if (timeoutMs <= 0) return { options: [base.options, '-c statement_timeout=0'].filter(Boolean).join(' ') };
  return { statement_timeout: timeoutMs, query_timeout: timeoutMs + READ_TIMEOUT_MARGIN_MS };
}

function openPostgres(config: pg.PoolConfig): Kysely<Database> {
  const pool = new (postgresClient().Pool)(config);
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  // Nor one that is checked out between two statements (inside a transaction) when its connection is
  // cut (a failover, pg_terminate_backend): its next query fails, and the request or job answers that.
  pool.on('connect', (client) => client.on('error', () => {}));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: callbackQueryPool(pool) }) });
}

/**
 * How long a health check waits for the database: well under the statement
 * timeout, so a probe with a short deadline of its own (a load balancer, Docker's
 * health check) hears "not ready" instead of nothing.
 */
const PING_WAIT_MS = 1_000;

/** True when the database answers a trivial query within PING_WAIT_MS (health checks). */
export async function ping(store: Store, waitMs = PING_WAIT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
  });
  const answered = sql`select 1`.execute(store.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
