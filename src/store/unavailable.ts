/**
 * A database that can not be reached, or can not take work right now, is the
 * service being unable to take work (503 with Retry-After), not an internal error:
 * the client should retry. The HTTP error handler maps it for every route
 * (src/http/errors-http.ts); publishing retries the attempt instead of failing it.
 *
 * Outages are recognised by what they mean, not from a list of codes seen once:
 * PostgreSQL's SQLSTATE classes (08 connection exception, 53 insufficient
 * resources, 57P operator intervention), the states in which a server refuses new
 * work (not accepting connections, starting up, shutting down, in recovery, a
 * read-only standby after a failover), statements cut by statement_timeout or
 * lock_timeout while it is overloaded, node-postgres's own timeouts and lost
 * connections, socket errors, and SQLite's equivalents (busy, locked, can not open,
 * read-only, I/O error, closed).
 */
import { AppError } from '../errors.ts';

/** SQLSTATEs by class: a whole class means "not reachable" or "not able to take work". */
const PG_UNAVAILABLE_CLASSES = ['08', '53', '57P'];
const PG_UNAVAILABLE_STATES = new Set([
  '25006', // read_only_sql_transaction: a standby after a failover, or default_transaction_read_only
  '57014', // query_canceled: statement_timeout (overload, lock contention) or an operator's cancel
  '55P03', // lock_not_available: lock_timeout
]);
/**
 * 55000 (object_not_in_prerequisite_state) is a general class; only its "not
 * accepting connections" form (ALTER DATABASE … ALLOW_CONNECTIONS false) is an outage.
 */
const PG_NOT_ACCEPTING = /is not currently accepting connections/i;

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLite's primary result codes (the low byte of an extended code) that mean the
 * file can not be used right now: BUSY (5) and LOCKED (6) are its lock timeouts,
 * READONLY (8) a file or mount made read-only, IOERR (10) the disk failing,
 * CANTOPEN (14) the file or its directory gone, PROTOCOL (15) a lock race.
 */
const SQLITE_UNAVAILABLE = new Set([5, 6, 8, 10, 14, 15]);

/** node-postgres's, Kysely's and node:sqlite's own words for a connection that is gone or never came. */
const UNAVAILABLE_TEXT =
  /driver has already been destroyed|Connection terminated|Query read timeout|database is locked|database is not open|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections|not accepting connections)|connection to the database was abandoned/i;

function pgState(err: Error): string | null {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}

export function isStoreUnavailable(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof AppError) return false;
  if (err instanceof AggregateError && err.errors.some(isStoreUnavailable)) return true;
  const { code, errcode } = err as { code?: unknown; errcode?: unknown };
  const state = pgState(err);
  if (state) {
    if (isStoreFull(err)) return false;
    if (PG_UNAVAILABLE_STATES.has(state)) return true;
    if (PG_UNAVAILABLE_CLASSES.some((c) => state.startsWith(c))) return true;
    if (state === '55000' && PG_NOT_ACCEPTING.test(err.message)) return true;
  }
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return true;
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && SQLITE_UNAVAILABLE.has(errcode & 0xff))
    return true;
  return UNAVAILABLE_TEXT.test(err.message);
}

/**
 * Whether the connection that raised `err` must not be used again: it is lost, or
 * its session is stuck in a state the server has since left (a read-only
 * transaction after default_transaction_read_only was turned off, or after a
 * failover the pool still points at the old primary through). A statement or lock
 * timeout leaves a healthy connection behind: it is kept.
 */
export function mustRecycleConnection(err: unknown): boolean {
  if (!isStoreUnavailable(err)) return false;
  const state = err instanceof Error ? pgState(err) : null;
  return state !== '57014' && state !== '55P03';
}

/** The answer every route gives while the database can not be reached. */
export const storeUnavailableError = (): AppError =>
  new AppError('unavailable', 'The database is unavailable right now; retry shortly', { 'Retry-After': '5' });

/**
 * The database has no room to grow: SQLite's SQLITE_FULL (the disk, or its
 * max_page_count) or PostgreSQL's disk_full. The statement, and the transaction
 * around it, wrote nothing; reads still work, and writes succeed again once
 * there is room, so the client should retry later (503), not see an internal error.
 */
export function isStoreFull(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof AppError) return false;
  const { code, errcode } = err as { code?: unknown; errcode?: unknown };
  if (code === '53100') return true;
  // Extended result codes keep the primary code (13, SQLITE_FULL) in their low byte.
  return code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && (errcode & 0xff) === 13;
}

export const storeFullError = (): AppError =>
  new AppError(
    'unavailable',
    'The database is full: nothing of this change was saved. Reads still work; retry once the operator has freed space',
    { 'Retry-After': '30' },
  );
