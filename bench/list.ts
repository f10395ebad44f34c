/**
 * `npm run bench:list`: latency of the list endpoints on a large database. Starts
 * the service in process (SQLite in a temporary directory, or PostgreSQL with
 * BENCH_DATABASE_URL in a schema of its own, dropped at the end), seeds
 * BENCH_POSTS posts (default 1,000,000, three targets each) and BENCH_INTEGRATIONS
 * integrations (default 100,000) over BENCH_PROJECTS projects (default 100) straight
 * into the tables, analyzes them, then sends BENCH_REQUESTS GET requests (default
 * 300) per filter over loopback, rotating over several projects and filter values,
 * BENCH_CONCURRENCY at a time (default 1), through the rate limit unless
 * BENCH_RATE_LIMIT=0. The requests come from a worker thread (bench/list-client.ts),
 * as a client on another machine would not share the service's thread and heap;
 * BENCH_CLIENT=inline sends them from the service's thread, as the benchmark did
 * until 2026-11-25. Before measuring, the database is read into the operating
 * system's page cache (bench/list-warm.ts; BENCH_WARM=0 leaves that out). Prints
 * p50/p99 per filter and the plan of every SQL statement the service ran for one
 * request of that filter, captured from the service's own Kysely queries.
 *
 * To study plans on PostgreSQL without seeding again (a 1M seed takes minutes):
 * BENCH_KEEP_SCHEMA=1 keeps the seeded schema at the end and prints its name;
 * BENCH_SCHEMA=<name> measures on that already seeded schema (no seeding, no vacuum,
 * a new access key per project, same BENCH_POSTS/BENCH_PROJECTS as the seeding run)
 * and keeps it too. Drop it when done: `drop schema <name> cascade`. On SQLite,
 * BENCH_DATA_DIR=<dir> seeds into that directory and keeps it; a later run with the
 * same BENCH_DATA_DIR measures on it without seeding.
 *
 *   npm run bench:list
 *   BENCH_POSTS=100000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:list
 *   BENCH_KEEP_SCHEMA=1 BENCH_DATABASE_URL=… npm run bench:list    # then psql, set search_path to <name>
 *   BENCH_SCHEMA=<name> BENCH_DATABASE_URL=… npm run bench:list
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CompiledQuery, type KyselyPlugin, sql } from 'kysely';
import { Pool } from 'undici';
import { createContext, startService } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createAccessKey } from '../src/domain/projects/keys.ts';
import { createProject } from '../src/domain/projects/projects.ts';
import { PLATFORMS } from '../src/platforms/names.ts';
import { openStore, type Store } from '../src/store/db.ts';
import { runSeries, type Series, type SeriesResult } from './list-client.ts';
import {
  type BulkWriter,
  postgresWriter,
  type SeedProject,
  seed,
  sqliteWriter,
  YEAR_START,
} from './list-seed.ts';
import { warmDatabase } from './list-warm.ts';
import { createBenchSchema } from './pg-schema.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const INTEGRATIONS = Number(process.env.BENCH_INTEGRATIONS ?? 100_000);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const PG_URL = process.env.BENCH_DATABASE_URL;
const RATE_LIMIT = process.env.BENCH_RATE_LIMIT !== '0';
/** BENCH_WARM=0 measures without first reading the database into the page cache (bench/list-warm.ts). */
const WARM = process.env.BENCH_WARM !== '0';
/** BENCH_CLIENT=inline sends the requests from the service's thread, as the benchmark did before. */
const INLINE_CLIENT = process.env.BENCH_CLIENT === 'inline';
/** An already seeded schema to measure on (PostgreSQL only): no seeding. */
const REUSE_SCHEMA = PG_URL ? process.env.BENCH_SCHEMA : undefined;
const KEEP_SCHEMA = REUSE_SCHEMA !== undefined || process.env.BENCH_KEEP_SCHEMA === '1';
/** SQLite: a data directory kept at the end, and measured without seeding when it holds a database. */
const KEEP_DIR = PG_URL ? undefined : process.env.BENCH_DATA_DIR;
const REUSE =
  REUSE_SCHEMA !== undefined || (KEEP_DIR !== undefined && existsSync(join(KEEP_DIR, 'service.sqlite')));
/** Requests rotate over this many projects. */
const PROJECTS_ASKED = Math.min(PROJECTS, 10);
const DAY = 86_400_000;

/**
 * Records the SQL (and parameters) of every statement the service executed while `on`.
 * Kysely hands a plugin each query node (subqueries too, as they are built) and then
 * each executed statement's result under the same query id: a statement is kept when
 * a result comes back for its id. Queries built from one builder share an id (a list's
 * page and its count), so each id keeps its statements in order, first compiled first.
 */
class QueryCapture implements KyselyPlugin {
  on = false;
  queries: CompiledQuery[] = [];
  readonly compiled = new Map<unknown, CompiledQuery[]>();
  compile: (args: Parameters<KyselyPlugin['transformQuery']>[0]) => CompiledQuery = () => {
    throw new Error('not attached');
  };
  transformQuery(args: Parameters<KyselyPlugin['transformQuery']>[0]) {
    if (this.on) {
      const pending = this.compiled.get(args.queryId) ?? [];
      pending.push(this.compile(args));
      this.compiled.set(args.queryId, pending);
    }
    return args.node;
  }
  async transformResult(args: Parameters<KyselyPlugin['transformResult']>[0]) {
    const q = this.compiled.get(args.queryId)?.shift();
    if (q) this.queries.push(q);
    return args.result;
  }
}

interface Query {
  name: string;
  /** The request path for the i-th request (rotating projects and values). */
  path: (i: number) => string;
}

/** The machine's 1, 5 and 15 minute load averages: the figures are only as quiet as the machine was. */
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const iso = (t: number) => new Date(t).toISOString();
/** A window of `days` days starting somewhere in the seeded year, moving with i. */
const window = (i: number, days: number) => {
  const from = YEAR_START + ((i * 37) % (365 - days)) * DAY;
  return [iso(from), iso(from + days * DAY)] as const;
};

function queries(projects: SeedProject[]): Query[] {
  const project = (i: number) => projects[i % PROJECTS_ASKED] as SeedProject;
  const profile = (i: number) => project(i).profiles[i % project(i).profiles.length] as string;
  const statuses = ['published', 'scheduled', 'failed', 'draft'];
  const q = (query: string) => (query ? `&${query}` : '');
  const posts = (name: string, query: (i: number) => string): Query => ({
    name: `posts ${name}`,
    path: (i) => `/v1/posts?limit=100${q(query(i))}`,
  });
  const integrations = (name: string, query: (i: number) => string): Query => ({
    name: `integrations ${name}`,
    path: (i) => `/v1/connect/integrations?limit=100${q(query(i))}`,
  });
  return [
    posts('none', () => ''),
    posts('status', (i) => `status=${statuses[i % statuses.length]}`),
    posts('platform', (i) => `platform=${PLATFORMS[i % PLATFORMS.length]}`),
    posts('profileId', (i) => `profileId=${profile(i)}`),
    posts('profileId=null', () => 'profileId=null'),
    posts('created range (30 d)', (i) => {
      const [a, b] = window(i, 30);
      return `createdAfter=${a}&createdBefore=${b}`;
    }),
    posts('scheduled range (30 d)', (i) => {
      const [a, b] = window(i, 30);
      return `scheduledAfter=${a}&scheduledBefore=${b}`;
    }),
    posts('status+platform+profile+created (90 d)', (i) => {
      const [a, b] = window(i, 90);
      return `status=published&platform=${PLATFORMS[i % PLATFORMS.length]}&profileId=${profile(i)}&createdAfter=${a}&createdBefore=${b}`;
    }),
    { name: 'posts/scheduled', path: () => '/v1/posts/scheduled?limit=100' },
    integrations('none', () => ''),
    integrations('platform', (i) => `platform=${PLATFORMS[i % PLATFORMS.length]}`),
    integrations('profileId', (i) => `profileId=${profile(i)}`),
    integrations('profileId=null', () => 'profileId=null'),
    integrations(
      'platform+profileId',
      (i) => `platform=${PLATFORMS[i % PLATFORMS.length]}&profileId=${profile(i)}`,
    ),
  ];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Sends the requests of one series from the client thread (or from this one with BENCH_CLIENT=inline). */
async function measure(client: Client, query: Query, projects: SeedProject[], count: number) {
  const requests = Array.from({ length: count }, (_, i) => ({
    path: query.path(i),
    key: (projects[i % PROJECTS_ASKED] as SeedProject).accessKey,
  }));
  const r = await client.run({ requests });
  if (r.firstError) process.stderr.write(`${query.name}: ${r.firstError}\n`);
  const latencies = r.latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    errors: r.errors,
  };
}

interface Client {
  run(series: Series): Promise<SeriesResult>;
  close(): Promise<void>;
}

/** The load generator in a worker thread (bench/list-client.ts): its work is not the service's. */
function threadClient(port: number): Client {
  const worker = new Worker(new URL('./list-client.ts', import.meta.url), {
    workerData: { port, concurrency: CONCURRENCY },
  });
  // One series at a time: the answer (or the thread's failure) settles the one waiting.
  let waiting: { resolve: (r: SeriesResult) => void; reject: (err: unknown) => void } | null = null;
  worker.on('message', (r: SeriesResult) => waiting?.resolve(r));
  worker.on('error', (err) => waiting?.reject(err));
  return {
    run: (series) =>
      new Promise<SeriesResult>((resolve, reject) => {
        waiting = { resolve, reject };
        worker.postMessage(series);
      }),
    close: async () => {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await exited;
    },
  };
}

/** The load generator in the service's own thread (how the benchmark measured until 2026-11-25). */
function inlineClient(pool: Pool): Client {
  return { run: (series) => runSeries(pool, CONCURRENCY, series), close: async () => {} };
}

/** The plan of one captured statement, as the database explains it. */
async function explain(store: Store, q: CompiledQuery): Promise<string> {
  if (store.dialect === 'sqlite') {
    const { rows } = await store.db.executeQuery<{ id: number; parent: number; detail: string }>(
      CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
    );
    const depth = new Map<number, number>([[0, 0]]);
    return rows
      .map((r) => {
        const d = (depth.get(r.parent) ?? 0) + 1;
        depth.set(r.id, d);
        return `${'  '.repeat(d)}${r.detail}`;
      })
      .join('\n');
  }
  const { rows } = await store.db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain (analyze, costs off) ${q.sql}`, [...q.parameters]),
  );
  return rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n');
}

/** Statements about the listed tables (not the access-key lookup before them). */
const LISTED = /from "(posts|post_targets|integrations)"/;

async function main() {
  if (KEEP_DIR) mkdirSync(KEEP_DIR, { recursive: true, mode: 0o700 });
  const dataDir = KEEP_DIR ?? mkdtempSync(join(tmpdir(), 'sps-bench-list-'));
  const schema = REUSE_SCHEMA
    ? { name: REUSE_SCHEMA, drop: async () => {} }
    : PG_URL
      ? await createBenchSchema(PG_URL)
      : null;
  const config = loadConfig({
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ROLE: 'api',
      PORT: '0',
      RATE_LIMIT_MAX: '100000000',
      ...(PG_URL ? { DATABASE_URL: PG_URL } : {}),
    },
  });
  const capture = new QueryCapture();
  const opened = openStore({
    databaseUrl: PG_URL,
    dataDir,
    ...(schema ? { pgSchema: schema.name, poolSize: 10 } : {}),
  });
  const store: Store = { ...opened, db: opened.db.withPlugin(capture) };
  capture.compile = ({ node, queryId }) => opened.db.getExecutor().compileQuery(node, queryId);
  // The rate limit is on, as in production; on PostgreSQL it writes one row per request
  // (rate_limits, shared by api processes). BENCH_RATE_LIMIT=0 leaves it out to see the list alone.
  const service = await startService(createContext(config, { store }), {
    listen: true,
    rateLimit: RATE_LIMIT,
  });
  const { ctx } = service;
  try {
    const projects: SeedProject[] = [];
    let seeded = 0;
    let analyzed = 0;
    if (REUSE) {
      // The seeded projects in creation order (ties by id, so that every reuse asks the same
      // projects), each with a new key (only hashes are stored) and its profiles in seeding
      // order (named Brand 1, Brand 2, …).
      const rows = await ctx.store.db
        .selectFrom('projects')
        .select('id')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      for (const { id } of rows) {
        const { accessKey } = await createAccessKey(ctx, id, 'bench');
        const profiles = await ctx.store.db
          .selectFrom('profiles')
          .select('id')
          .where('project_id', '=', id)
          .orderBy('name')
          .execute();
        projects.push({ id, accessKey, profiles: profiles.map((p) => p.id) });
      }
    } else {
      for (let i = 0; i < PROJECTS; i++) {
        const { projectId, accessKey } = await createProject(ctx, `bench ${i}`);
        projects.push({ id: projectId, accessKey, profiles: [] });
      }

      const t0 = performance.now();
      const writer: BulkWriter = schema
        ? await postgresWriter(PG_URL as string, schema.name)
        : sqliteWriter(join(dataDir, 'service.sqlite'));
      await seed(writer, projects, { posts: POSTS, integrations: INTEGRATIONS, profilesPerProject: 5 });
      await writer.close();
      seeded = (performance.now() - t0) / 1000;
      const t1 = performance.now();
      // PostgreSQL: VACUUM as autovacuum does after a bulk insert (it also marks pages all-visible,
      // which index-only scans need), then ANALYZE; SQLite: ANALYZE. Then a checkpoint: the
      // seed's gigabyte of dirty pages is written out now, as it would have been long before
      // a real database held a million posts, instead of during the measurement (on
      // PostgreSQL that flush gave single requests of 100 ms and more).
      if (PG_URL) {
        // Set-up in maintenance scope: over a million rows these outlast the request deadline.
        await ctx.store.maintenance(async (db) => {
          await sql`vacuum analyze`.execute(db);
          await sql`checkpoint`.execute(db);
        });
      } else {
        await sql`analyze`.execute(ctx.store.db);
        await sql`pragma wal_checkpoint(truncate)`.execute(ctx.store.db);
      }
      analyzed = (performance.now() - t1) / 1000;
    }
    const warmed = WARM
      ? await warmDatabase(
          ctx.store,
          schema ? { pgSchema: schema.name } : { sqliteFile: join(dataDir, 'service.sqlite') },
        )
      : 'not read into the page cache first (BENCH_WARM=0)';
    process.stdout.write(
      `list benchmark: ${store.dialect}, ${POSTS} posts (${POSTS * 3} targets), ${INTEGRATIONS} integrations, ${PROJECTS} projects\n` +
        (REUSE
          ? `reused seeded ${REUSE_SCHEMA ? `schema ${REUSE_SCHEMA}` : `data directory ${KEEP_DIR}`} (no seeding)\n`
          : `seeded in ${seeded.toFixed(1)} s (${Math.round((POSTS * 4) / seeded)} post and target rows/s), ${PG_URL ? 'vacuum analyze, checkpoint' : 'analyze, checkpoint'} ${analyzed.toFixed(1)} s\n`) +
        `${warmed}\n` +
        `${REQUESTS} requests per filter over ${PROJECTS_ASKED} projects, concurrency ${CONCURRENCY}, limit 100, rate limit ${RATE_LIMIT ? 'on' : 'off'}, client ${INLINE_CLIENT ? "in the service's thread" : 'in a worker thread'}\n` +
        `load average before measuring: ${load()}\n\n`,
    );

    const port = (service.server!.server.address() as { port: number }).port;
    const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONCURRENCY, pipelining: 1 });
    const client = INLINE_CLIENT ? inlineClient(pool) : threadClient(port);
    const plans: string[] = [];
    let failed = false;
    for (const query of queries(projects)) {
      // One request with its statements captured, for the plans; then warm-up and measurement.
      capture.queries = [];
      capture.compiled.clear();
      capture.on = true;
      const sample = await pool.request({
        method: 'GET',
        path: query.path(0),
        headers: { 'x-access-key': (projects[0] as SeedProject).accessKey },
      });
      const body = (await sample.body.json()) as { total?: number };
      capture.on = false;
      const captured = capture.queries.filter((c) => LISTED.test(c.sql));
      plans.push(`## ${query.name}: GET ${query.path(0)} (total ${body.total})`);
      for (const c of captured) plans.push(`${c.sql}\n${await explain(ctx.store, c)}\n`);
      await measure(client, query, projects, Math.min(30, REQUESTS));
      const r = await measure(client, query, projects, REQUESTS);
      if (r.errors) failed = true;
      const line = `${query.name.padEnd(48)} p50 ${r.p50.toFixed(2).padStart(7)} ms   p99 ${r.p99.toFixed(2).padStart(7)} ms   max ${r.max.toFixed(2).padStart(7)} ms${r.errors ? `   ${r.errors} not 200` : ''}`;
      process.stdout.write(`${line}\n`);
    }
    await client.close();
    await pool.close();
    process.stdout.write(`load average after measuring: ${load()}\n`);
    process.stdout.write(
      `\nplans (${store.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN ANALYZE'}):\n\n${plans.join('\n')}\n`,
    );
    if (failed) process.exitCode = 1;
  } finally {
    await service.stop();
    if (KEEP_DIR) process.stdout.write(`kept SQLite data directory ${KEEP_DIR}\n`);
    else rmSync(dataDir, { recursive: true, force: true });
    if (schema && KEEP_SCHEMA) process.stdout.write(`kept PostgreSQL schema ${schema.name}\n`);
    else await schema?.drop();
  }
}

await main();
