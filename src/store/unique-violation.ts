/** True when `err` is a database refusing a duplicate of a unique key (PostgreSQL 23505, SQLite UNIQUE). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return (
    e?.code === '23505' || (typeof e?.message === 'string' && /UNIQUE constraint failed/i.test(e.message))
  );
}
