/**
 * Reads the seeded database into the operating system's page cache before `bench:list`
 * measures, so that the figures are the service's and not the disk's. On the
 * development machine (a virtual machine) file pages not read for a while leave the
 * cache although most memory is free: 0.3 of 2.9 GB of the SQLite file went in 45 s
 * with nothing running. The created and scheduled ranges read posts from the whole
 * year, a few hundred pages per request, and measured 16.8 and 10.0 ms p50 with the
 * file dropped from the cache first, 3.5 and 4.9 ms with it read first
 * (docs/benchmarks-list.md). A service whose database fits in memory keeps its pages
 * cached by using them; BENCH_WARM=0 measures without this step.
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { sql } from 'kysely';
import type { Store } from '../src/store/db.ts';

/** Reads every page of the database once; answers what it read, for the report. */
export async function warmDatabase(
  store: Store,
  where: { sqliteFile: string } | { pgSchema: string },
): Promise<string> {
  const t0 = performance.now();
  const seconds = () => ((performance.now() - t0) / 1000).toFixed(1);
  if ('sqliteFile' in where) {
    let bytes = 0;
    for (const file of [where.sqliteFile, `${where.sqliteFile}-wal`])
      if (existsSync(file)) bytes += readWhole(file);
    return `read the database file (${Math.round(bytes / 2 ** 20)} MB) into the page cache in ${seconds()} s`;
  }
  const schema = where.pgSchema;
  // pg_prewarm ships with PostgreSQL (contrib); made in the bench schema, it goes with it.
  try {
    await sql`create extension if not exists pg_prewarm schema ${sql.id(schema)}`.execute(store.db);
  } catch (err) {
    return `not warmed: pg_prewarm is not available (${(err as Error).message})`;
  }
  const { rows } = await sql<{ home: string }>`
    select extnamespace::regnamespace::text as home from pg_extension where extname = 'pg_prewarm'`.execute(
    store.db,
  );
  const home = rows[0]?.home as string;
  // 'read': into the operating system's cache (shared_buffers is far smaller than the seed).
  const blocks = await sql<{ n: string }>`
    select coalesce(sum(${sql.id(home, 'pg_prewarm')}(c.oid::regclass, 'read')), 0) as n
    from pg_class c where c.relnamespace = ${schema}::regnamespace and c.relkind in ('r', 'i', 't')`.execute(
    store.db,
  );
  const mb = Math.round((Number(blocks.rows[0]?.n ?? 0) * 8192) / 2 ** 20);
  return `read the schema's tables and indexes (${mb} MB) into the page cache in ${seconds()} s`;
}

/** Reads a file from start to end in 1 MB chunks into one reused buffer. */
function readWhole(file: string): number {
  const fd = openSync(file, 'r');
  const chunk = Buffer.allocUnsafe(2 ** 20);
  let total = 0;
  try {
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) total += n;
  } finally {
    closeSync(fd);
  }
  return total;
}
