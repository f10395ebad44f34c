/**
 * bench:analytics's seed: accounts × days of account snapshots and targets × ages of
 * target snapshots, written set-based inside the database (no rows cross the wire),
 * fast enough for 73M + 6M rows on SQLite and PostgreSQL:
 * - each table's indexes (on PostgreSQL its primary key too) are dropped first and
 *   built once after, from the definitions the schema has (whatever the migrations made);
 * - what every row of a chunk shares (a day's text, an account's id) is computed once
 *   per day or account in a materialized CTE, not once per row;
 * - PostgreSQL writes with two connections at once, commits without waiting for the
 *   WAL's flush (a lost seed is seeded again), and sorts in memory;
 * - rows go in key order (account then day; post then target then age).
 * Then the tables are analyzed (PostgreSQL: vacuumed too, which marks the pages
 * all-visible as autovacuum does in service, so index-only scans apply).
 */
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../src/context.ts';
import type { Database } from '../src/store/schema.ts';

type Dialect = 'sqlite' | 'postgres';
const DAY_MS = 86_400_000;
const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(0)} s`;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface SeedShape {
  accounts: number;
  days: number;
  targets: number;
  targetsPerPost: number;
  ages: readonly number[];
}

/** Dialect-specific pieces of the set-based inserts: a series of integers, a padded id, a day. */
function sqlOf(dialect: Dialect) {
  return dialect === 'sqlite'
    ? {
        series: (name: string, from: number, to: number) =>
          `${name}(i) as (select ${from} union all select i + 1 from ${name} where i < ${to})`,
        withSeries: 'with recursive',
        materialized: 'materialized',
        padded: (prefix: string, expr: string, width: number) => `printf('${prefix}%0${width}d', ${expr})`,
        dayPlus: (start: string, expr: string) => `date('${start}', '+' || (${expr}) || ' days')`,
        instantPlus: (start: string, hoursExpr: string) =>
          `strftime('%Y-%m-%dT%H:%M:%fZ', '${start}', '+' || (${hoursExpr}) || ' hours')`,
      }
    : {
        series: (name: string, from: number, to: number) =>
          `${name}(i) as (select generate_series(${from}, ${to}))`,
        withSeries: 'with',
        materialized: 'materialized',
        padded: (prefix: string, expr: string, width: number) =>
          `'${prefix}' || lpad((${expr})::text, ${width}, '0')`,
        dayPlus: (start: string, expr: string) => `to_char(date '${start}' + (${expr})::int, 'YYYY-MM-DD')`,
        instantPlus: (start: string, hoursExpr: string) =>
          `to_char(timestamp '${start}' + (${hoursExpr}) * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      };
}

/** Copies a template row `count` times with new ids (`idColumns` each get `prefix` + a padded number). */
async function cloneRows(
  db: Kysely<Database>,
  dialect: Dialect,
  table: string,
  templateId: string,
  count: number,
  prefix: string,
  idColumns: string[],
) {
  const d = sqlOf(dialect);
  const template = (
    await sql<Record<string, unknown>>`select * from ${sql.table(table)} where id = ${templateId}`.execute(db)
  ).rows[0];
  if (!template) throw new Error(`no template row in ${table}`);
  const columns = Object.keys(template);
  const chunk = 50_000;
  for (let start = 0; start < count; start += chunk) {
    const end = Math.min(count, start + chunk) - 1;
    const list = columns.map((c) => `"${c}"`).join(', ');
    const values = columns
      .map((c) => (idColumns.includes(c) ? d.padded(prefix, 'n.i', 7) : `t."${c}"`))
      .join(', ');
    await sql
      .raw(
        `${d.withSeries} ${d.series('n', start, end)} insert into ${table} (${list}) select ${values} from n, ${table} t where t.id = '${templateId}'`,
      )
      .execute(db);
  }
}

/** Statements that build a table's indexes again (PostgreSQL: its primary key too), after dropping them. */
async function dropIndexes(db: Kysely<Database>, dialect: Dialect, table: string): Promise<string[]> {
  const rebuild: string[] = [];
  if (dialect === 'sqlite') {
    // An automatic index (a rowid table's primary key) has no SQL and stays; a WITHOUT ROWID table is its key.
    const { rows } = await sql<{ name: string; sql: string }>`
      select name, sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(
      db,
    );
    for (const r of rows) {
      rebuild.push(r.sql);
      await sql.raw(`drop index ${r.name}`).execute(db);
    }
    return rebuild;
  }
  const keys = await sql<{ name: string; def: string }>`
    select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
    where conrelid = ${table}::regclass and contype in ('p', 'u')`.execute(db);
  const indexes = await sql<{ name: string; def: string }>`
    select indexname as name, indexdef as def from pg_indexes
    where schemaname = current_schema() and tablename = ${table}`.execute(db);
  const constraintNames = new Set(keys.rows.map((k) => k.name));
  for (const k of keys.rows) {
    rebuild.push(`alter table ${table} add constraint ${k.name} ${k.def}`);
    await sql.raw(`alter table ${table} drop constraint ${k.name}`).execute(db);
  }
  for (const i of indexes.rows.filter((i) => !constraintNames.has(i.name))) {
    rebuild.push(i.def);
    await sql.raw(`drop index ${i.name}`).execute(db);
  }
  return rebuild;
}

async function endBulk(db: Kysely<Database>, dialect: Dialect) {
  if (dialect !== 'sqlite') return; // PostgreSQL's settings end with the maintenance connection.
  await sql`pragma cache_size = -16384`.execute(db);
  await sql`pragma threads = 0`.execute(db);
}

async function buildIndexes(db: Kysely<Database>, statements: string[]) {
  for (const s of statements) {
    const t0 = performance.now();
    await sql.raw(s).execute(db);
    console.log(`  ${s.replace(/\s+/g, ' ').slice(0, 110)}: ${secs(t0)}`);
  }
}

/**
 * Session settings for bulk writing. PostgreSQL: no WAL flush wait per commit, sorts in
 * memory. SQLite: a 1 GB page cache and two sorter threads for building the indexes
 * (SQLite's connection is the service's: `endBulk` gives the reads its own cache back).
 */
async function bulkSession(db: Kysely<Database>, dialect: Dialect) {
  if (dialect === 'sqlite') {
    await sql`pragma cache_size = -1048576`.execute(db);
    await sql`pragma threads = 2`.execute(db);
    return;
  }
  await sql`set synchronous_commit = off`.execute(db);
  await sql`set work_mem = '256MB'`.execute(db);
  await sql`set maintenance_work_mem = '1GB'`.execute(db);
}

/**
 * Runs `work` over chunk numbers 0..chunks-1: on PostgreSQL on two connections at
 * once (each a maintenance scope of its own), on SQLite (one writer) in turn.
 */
async function inChunks(
  ctx: AppContext,
  chunks: number,
  work: (db: Kysely<Database>, chunk: number) => Promise<void>,
) {
  const lanes = ctx.store.dialect === 'postgres' ? 2 : 1;
  await Promise.all(
    Array.from({ length: lanes }, (_, lane) =>
      ctx.store.maintenance(async (db) => {
        await bulkSession(db, ctx.store.dialect);
        for (let c = lane; c < chunks; c += lanes) await work(db, c);
      }),
    ),
  );
}

export async function seedHistory(
  ctx: AppContext,
  shape: SeedShape,
  ids: { projectId: string; accountId: string; postId: string },
) {
  const dialect = ctx.store.dialect;
  const d = sqlOf(dialect);
  const { accounts, days, targets, targetsPerPost, ages } = shape;
  const first = isoDay(Date.now() - (days - 1) * DAY_MS);
  const t0 = performance.now();
  const rebuild = await ctx.store.maintenance(async (db) => {
    await bulkSession(db, dialect);
    await cloneRows(db, dialect, 'integrations', ids.accountId, accounts, 'intb_', [
      'id',
      'platform_user_id',
    ]);
    console.log(`  ${accounts} accounts in ${secs(t0)}`);
    const posts = Math.ceil(targets / targetsPerPost);
    const t1 = performance.now();
    await cloneRows(db, dialect, 'posts', ids.postId, posts, 'postb_', ['id']);
    console.log(`  ${posts} posts in ${secs(t1)}`);
    return {
      accounts: await dropIndexes(db, dialect, 'account_snapshots'),
      targets: await dropIndexes(db, dialect, 'target_snapshots'),
    };
  });

  const perChunk = Math.max(1, Math.floor(2_000_000 / days));
  const accountChunks = Math.ceil(accounts / perChunk);
  const t2 = performance.now();
  let written = 0;
  await inChunks(ctx, accountChunks, async (db, c) => {
    const start = c * perChunk;
    const end = Math.min(accounts, start + perChunk) - 1;
    await sql
      .raw(
        `${d.withSeries} ${d.series('a0', start, end)}, ${d.series('d0', 0, days - 1)},
         a as ${d.materialized} (select i, ${d.padded('intb_', 'i', 7)} as id from a0),
         dd as ${d.materialized} (select i, ${d.dayPlus(first, 'i')} as day from d0)
         insert into account_snapshots (integration_id, day, project_id, platform, followers, following, posts,
           impressions, views, reach, collected_at)
         select a.id, dd.day, '${ids.projectId}', 'twitter',
           1000 + (a.i % 5000) + dd.i * 3, 200 + (a.i % 50), 10 + dd.i / 7, null, null, null,
           dd.day || 'T03:00:00.000Z'
         from a, dd order by a.i, dd.i`,
      )
      .execute(db);
    written += (end - start + 1) * days;
    if (c % 40 === 0 || c === accountChunks - 1)
      console.log(`  account snapshots: ${written} rows in ${secs(t2)}`);
  });

  const t3 = performance.now();
  const start = new Date(Date.now() - 700 * DAY_MS).toISOString().slice(0, 19);
  const perTargets = 200_000;
  const agesSql = ages.map((a) => `select ${a}`).join(' union all ');
  await inChunks(ctx, Math.ceil(targets / perTargets), async (db, c) => {
    const s = c * perTargets;
    const end = Math.min(targets, s + perTargets) - 1;
    await sql
      .raw(
        `${d.withSeries} ${d.series('g0', s, end)}, ages(h) as (${agesSql}),
         g as ${d.materialized} (select i, ${d.padded('tgtb_', 'i', 7)} as target, ${d.padded('postb_', `i / ${targetsPerPost}`, 7)} as post,
           ${d.padded('intb_', `i % ${accounts}`, 7)} as account, (i / ${targetsPerPost}) % 16800 as hour from g0)
         insert into target_snapshots (target_id, age_hours, project_id, post_id, integration_id, platform,
           published_at, impressions, reach, views, likes, comments, shares, saves, clicks, collected_at)
         select g.target, ages.h, '${ids.projectId}', g.post, g.account, 'twitter', ${d.instantPlus(start, 'g.hour')},
           100 + ages.h * 3 + g.i % 97, null, null, 5 + ages.h / 10 + g.i % 13, g.i % 5, g.i % 3, 0, null,
           ${d.instantPlus(start, 'g.hour + ages.h')}
         from g, ages order by g.i, ages.h`,
      )
      .execute(db);
  });
  console.log(`  ${targets * ages.length} target snapshots in ${secs(t3)}`);

  await ctx.store.maintenance(async (db) => {
    await bulkSession(db, dialect);
    const t4 = performance.now();
    await buildIndexes(db, [...rebuild.accounts, ...rebuild.targets]);
    console.log(`  indexes built in ${secs(t4)}`);
    const t5 = performance.now();
    if (dialect === 'postgres') await sql`vacuum (analyze) account_snapshots, target_snapshots`.execute(db);
    else await sql`analyze`.execute(db);
    console.log(`  ${dialect === 'postgres' ? 'vacuum (analyze)' : 'analyze'} in ${secs(t5)}`);
    await endBulk(db, dialect);
  });
  console.log(`seeded in ${secs(t0)}`);
}

/** The database's size on disk (PostgreSQL: and the two history tables' share of it, with their indexes). */
export async function databaseSize(ctx: AppContext): Promise<string> {
  const gb = (bytes: number) => `${(bytes / 1e9).toFixed(2)} GB`;
  return ctx.store.maintenance(async (db) => {
    if (ctx.store.dialect === 'sqlite') {
      const pages = await sql<{
        n: number;
      }>`select page_count * page_size as n from pragma_page_count(), pragma_page_size()`.execute(db);
      return `${gb(Number(pages.rows[0]?.n ?? 0))} file`;
    }
    const { rows } = await sql<{ name: string; n: string }>`
      select c.relname as name, pg_total_relation_size(c.oid) as n from pg_class c
      join pg_namespace s on s.oid = c.relnamespace
      where s.nspname = current_schema() and c.relkind = 'r'`.execute(db);
    const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
    const parts = rows
      .filter((r) => r.name === 'account_snapshots' || r.name === 'target_snapshots')
      .map((r) => `${r.name} ${gb(Number(r.n))}`)
      .join(', ');
    return `${gb(total)} in the schema's tables with their indexes (${parts})`;
  });
}
