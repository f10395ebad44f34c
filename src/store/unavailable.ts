/**
 * A database that can not be reached is the service being unable to take work
 * (503 with Retry-After), not an internal error: the client should retry. The
 * HTTP error handler maps it for every route (src/http/errors-http.ts).
 */
import { AppError } from '../errors.ts';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
]);
const UNAVAILABLE_TEXT =
  /driver has already been destroyed|Connection terminated|database is locked|database is not open|timeout exceeded when trying to connect|Client has encountered a connection error/i;

export function isStoreUnavailable(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof AppError) return false;
  const code = (err as { code?: unknown }).code;
  const errno = (err as { errstr?: unknown }).errstr;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof errno === 'string' && UNAVAILABLE_CODES.has(errno)) return true;
  if (err instanceof AggregateError && err.errors.some(isStoreUnavailable)) return true;
  return UNAVAILABLE_TEXT.test(err.message);
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
