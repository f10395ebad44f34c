/**
 * Test harness: starts the whole service in process on SQLite or PostgreSQL,
 * each with fresh storage, and gives tests a project and its access key.
 *
 * PostgreSQL tests use TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
 * each service in a schema of its own that is dropped afterwards. Outside CI they
 * skip with a line saying so when the server is unreachable; in CI (CI=true) that
 * is a failure.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'node:test';
import pg from 'pg';
import { type ContextOptions, createContext, type Service, startService } from '../src/app.ts';
import { loadConfig, type SettingName } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { createProject } from '../src/domain/projects/projects.ts';
import { createLogger } from '../src/log.ts';
import type { Dialect } from '../src/store/db.ts';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// Generous: on a loaded machine the first test modules load while this connects and can starve its timer.
async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 15_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

const pgProblem = await probePostgres();
if (pgProblem && process.env.CI === 'true') {
  throw new Error(`PostgreSQL is required in CI but ${PG_URL} is unreachable: ${pgProblem}`);
}
export const PG_SKIP: string | false = pgProblem
  ? `PostgreSQL not reachable at ${PG_URL} (${pgProblem}); skipped`
  : false;
if (PG_SKIP) process.stderr.write(`# ${PG_SKIP}\n`);

export const DIALECTS: Dialect[] = ['sqlite', 'postgres'];

/** Declares the suite once per database: `forEachDatabase('profiles', (dialect) => { it(...) })`. */
export function forEachDatabase(title: string, fn: (dialect: Dialect) => void): void {
  for (const dialect of DIALECTS) {
    describe(`${title} [${dialect}]`, { skip: dialect === 'postgres' ? PG_SKIP : false }, () => fn(dialect));
  }
}

export interface TestService {
  service: Service;
  ctx: AppContext;
  projectId: string;
  accessKey: string;
  /** Sends a request through the real HTTP stack (Fastify inject) with the project's key. */
  request(
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field.
  body: any;
  text: string;
}

export interface StartTestOptions {
  settings?: Partial<Record<SettingName, string>>;
  /** Parts of the context to substitute: platform modules (a scripted publisher), account access, lifecycle. */
  context?: Pick<ContextOptions, 'platforms' | 'accounts' | 'lifecycle'>;
  /** A logger of the test's own (to read what the service logs); silent by default. */
  log?: AppContext['log'];
  rateLimit?: boolean;
  /**
   * Listen on a loopback port. Default: when the service publishes to a simulator
   * (SIMULATOR_URL) and the test names no PORT or PUBLIC_URL of its own, it listens
   * on a free port that PUBLIC_URL names: simulated platforms pull media from the
   * service's own URL (uploads, converted derivatives) as real ones pull from
   * PUBLIC_URL, so that URL must answer. Without PORT, a free port is chosen.
   */
  listen?: boolean;
  /**
   * false: the DATABASE_URL in `settings` names a database of the test's own (an
   * outage drill's), used as it is, without a schema of its own in the test database.
   */
  pgSchema?: false;
}

/** Creates an empty PostgreSQL schema; returns its name and a function that drops it. */
export async function createPgSchema(): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return {
    schema,
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

/** A port nothing listens on now (the service binds it right after). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** The settings that make the service reachable at PUBLIC_URL on loopback, when it is to listen. */
async function reachableSettings(
  options: StartTestOptions,
): Promise<{ listen: boolean; settings: Partial<Record<SettingName, string>> }> {
  const given = options.settings ?? {};
  const ownAddress = given.PORT !== undefined || given.PUBLIC_URL !== undefined;
  const listen = options.listen ?? (given.SIMULATOR_URL !== undefined && !ownAddress);
  if (!listen || given.PORT !== undefined) return { listen, settings: {} };
  const port = await freeLoopbackPort();
  return {
    listen,
    settings: {
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(given.PUBLIC_URL === undefined ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    },
  };
}

export async function startTestService(
  dialect: Dialect,
  options: StartTestOptions = {},
): Promise<TestService> {
  const reachable = await reachableSettings(options);
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-test-'));
  const pgSchema = dialect === 'postgres' && options.pgSchema !== false ? await createPgSchema() : null;
  const config = loadConfig({
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      OUTBOUND_ALLOWLIST: '127.0.0.1,::1,localhost',
      ...(dialect === 'postgres' ? { DATABASE_URL: PG_URL } : {}),
      ...reachable.settings,
      ...options.settings,
    },
  });
  const ctx = createContext(config, {
    ...options.context,
    log: options.log ?? createLogger(config.LOG_LEVEL),
    storeOptions:
      dialect === 'postgres' ? { ...(pgSchema ? { pgSchema: pgSchema.schema } : {}), poolSize: 5 } : {},
  });
  const service = await startService(ctx, {
    rateLimit: options.rateLimit ?? false,
    listen: reachable.listen,
  });
  const { projectId, accessKey } = await createProject(ctx, 'test');
  return {
    service,
    ctx,
    projectId,
    accessKey,
    async request(method, url, body, headers = {}) {
      if (!service.server) throw new Error('this service runs no HTTP server (role worker)');
      const res = await service.server.inject({
        method: method as 'GET',
        url,
        headers: {
          'x-access-key': accessKey,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
      let parsed: unknown;
      try {
        parsed = res.body ? JSON.parse(res.body) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: res.statusCode, headers: res.headers, body: parsed, text: res.body };
    },
    async close() {
      const undocumented = [...new Set(service.server?.undocumentedAnswers ?? [])];
      await service.stop();
      await pgSchema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      // Every status a route answers must be in the OpenAPI document (src/http/server.ts).
      if (undocumented.length > 0)
        throw new Error(
          `answers with statuses the OpenAPI document does not list: ${undocumented.join(', ')}`,
        );
    },
  };
}

/**
 * Runs every clean-up step whatever the ones before did (a service that answered an
 * undocumented status throws from close), then throws the first failure: nothing a
 * test started outlives its file.
 */
export async function cleanUpAll(steps: (() => unknown)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps)
    await Promise.resolve()
      .then(step)
      .catch((err) => failures.push(err));
  if (failures.length > 0) throw failures[0];
}
