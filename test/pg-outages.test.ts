/**
 * PostgreSQL outages, drilled on a database of the test's own (never the shared
 * `test` database): each way PostgreSQL can be unreachable or refuse work is
 * caused for real where one test can cause it (ALLOW_CONNECTIONS false, a
 * read-only database as after a failover, statement and lock timeouts under lock
 * contention) and through a proxy on loopback otherwise (a server starting up,
 * shutting down, in recovery, out of connection slots or memory; resets; a path
 * that stalls). For each, every route (generated from the route table) answers 503
 * with Retry-After or what it answers without the database, never 500 and never
 * late; nothing is half-written; and the service recovers on its own once the
 * database is back. A publishing run through a stall and a refusal loses no
 * target and publishes none twice.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { AnyRoute } from '../src/http/route.ts';
import type { Platform } from '../src/platforms/names.ts';
import { allRoutes } from '../src/routes/index.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { cleanUpAll, PG_SKIP, PG_URL, startTestService, type TestService } from './harness.ts';
import { requestReachingStore } from './outage-requests.ts';
import { type PgFaultProxy, type ProxyMode, startPgFaultProxy } from './pg-fault-proxy.ts';
import { connectSimulated } from './publishing-e2e.ts';
import { fixtureMaker } from './route-fixtures.ts';
import { needsKey, requestUrl, routeName, sampleRequest } from './route-table.ts';

const CONNECT_TIMEOUT_MS = 1_000;
const STATEMENT_TIMEOUT_MS = 1_000;
/** The client gives up on a silent connection this much after the statement timeout (src/store/db.ts). */
const READ_MARGIN_MS = 1_000;
/** The longest a request may wait on a database that answers nothing, with room for a loaded machine. */
const ANSWER_BOUND_MS = 2 * (CONNECT_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + READ_MARGIN_MS);
const POOL_SIZE = 5; // test/harness.ts
/** Tables an access key is checked against: left unlocked so requests get past authentication. */
const AUTH_TABLES = ['access_keys', 'security_counters'];
/** The targets of the publishing run's posts (the route fixtures have posts of their own). */
const OURS =
  'select status, count(*) as n from post_targets where post_id in (select id from posts where content like $1)';

interface Outage {
  name: string;
  /** Routes that read or write the store must answer 503; true when nothing answers at all. */
  everythingRefused: boolean;
  begin(): Promise<void>;
  end(): Promise<void>;
}

interface Sent {
  route: AnyRoute;
  url: string;
  status: number;
  retryAfter: unknown;
  text: string;
  ms: number;
}

describe('PostgreSQL outages, drilled on a database of their own', { skip: PG_SKIP }, () => {
  const dbName = `drill_${randomBytes(4).toString('hex')}`;
  const server = new URL(PG_URL);
  const direct = (() => {
    const u = new URL(PG_URL);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  let admin: pg.Client;
  let proxy: PgFaultProxy;
  let sim: Simulator;
  let t: TestService;
  let viaProxy: string;
  const requests = new Map<AnyRoute, { url: string; body?: unknown }>();

  before(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    proxy = await startPgFaultProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const u = new URL(direct);
    u.hostname = '127.0.0.1';
    u.port = String(proxy.port);
    viaProxy = u.toString();
    sim = await startSimulator();
    t = await startTestService('postgres', {
      pgSchema: false,
      settings: {
        // The api role alone: no worker writes behind the row counts.
        ROLE: 'api',
        DATABASE_URL: viaProxy,
        SIMULATOR_URL: sim.url,
        DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
        DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      },
    });
    // Requests that reach the store: real ids for routes behind a key, crafted ones for public routes.
    const ids = fixtureMaker(t, sim, { projectId: t.projectId, accessKey: t.accessKey });
    for (const route of allRoutes) {
      if (!needsKey(route)) {
        requests.set(route, requestReachingStore(route, t));
        continue;
      }
      const sample = await sampleRequest(route, ids);
      requests.set(route, {
        url: requestUrl(route, sample.params, sample.query),
        ...(sample.body !== undefined ? { body: sample.body } : {}),
      });
    }
  });
  after(async () => {
    // Each step runs whatever the one before did (a service that answered an undocumented
    // status throws from close), so nothing started here outlives the file.
    proxy?.set('pass');
    const steps = [
      () => t?.close(),
      () => proxy?.close(),
      () => sim?.close(),
      () => admin.query(`alter database ${dbName} allow_connections true`).catch(() => {}),
      () => admin.query(`drop database if exists ${dbName} with (force)`),
      () => admin.end(),
    ];
    await cleanUpAll(steps);
  });

  const terminate = () =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [dbName]);

  /** A connection of the test's own to the drill database, around the proxy. */
  async function drillClient(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: direct });
    await c.connect();
    return c;
  }

  async function tables(): Promise<string[]> {
    const c = await drillClient();
    try {
      const res = await c.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
      );
      return res.rows.map((r) => r.name);
    } finally {
      await c.end();
    }
  }

  async function rowCounts(): Promise<Record<string, number>> {
    const c = await drillClient();
    try {
      const out: Record<string, number> = {};
      for (const name of await tables())
        out[name] = Number((await c.query(`select count(*) as n from "${name}"`)).rows[0].n);
      return out;
    } finally {
      await c.end();
    }
  }

  /** Every route at once, as clients keep calling during an outage. */
  async function sendAll(): Promise<Sent[]> {
    return Promise.all(
      allRoutes.map(async (route) => {
        const { url, body } = requests.get(route)!;
        const started = performance.now();
        const res = await t.request(route.method, url, body);
        return {
          route,
          url,
          status: res.status,
          retryAfter: res.headers['retry-after'],
          text: res.text,
          ms: performance.now() - started,
        };
      }),
    );
  }

  /** A lock on every table but the ones a key is checked against, held until `release`. */
  async function lockTables(): Promise<() => Promise<void>> {
    const locker = await drillClient();
    const names = (await tables()).filter((n) => !AUTH_TABLES.includes(n));
    await locker.query('begin');
    await locker.query(`lock table ${names.map((n) => `"${n}"`).join(', ')} in access exclusive mode`);
    return async () => {
      await locker.query('rollback');
      await locker.end();
    };
  }

  const proxied = (name: string, mode: ProxyMode): Outage => ({
    name,
    everythingRefused: true,
    async begin() {
      proxy.set(mode);
    },
    async end() {
      proxy.set('pass');
    },
  });
  const rejected = (code: string, message: string): Outage =>
    proxied(`${message} (${code})`, { reject: { code, message } });

  let releaseLocks: (() => Promise<void>) | null = null;
  const outages: Outage[] = [
    {
      name: 'the database is not accepting connections (ALLOW_CONNECTIONS false, 55000)',
      everythingRefused: true,
      async begin() {
        await admin.query(`alter database ${dbName} allow_connections false`);
        await terminate();
      },
      async end() {
        await admin.query(`alter database ${dbName} allow_connections true`);
      },
    },
    {
      // The setting is removed without a word to the service: connections it opened read-only
      // must be replaced, not kept failing.
      name: 'a read-only database, as a standby after a failover (25006)',
      everythingRefused: false,
      async begin() {
        await admin.query(`alter database ${dbName} set default_transaction_read_only = on`);
        await terminate();
      },
      async end() {
        await admin.query(`alter database ${dbName} reset default_transaction_read_only`);
      },
    },
    {
      name: 'statements cut by statement_timeout under lock contention (57014)',
      everythingRefused: false,
      async begin() {
        releaseLocks = await lockTables();
      },
      async end() {
        await releaseLocks?.();
      },
    },
    {
      name: 'statements cut by lock_timeout (55P03)',
      everythingRefused: false,
      async begin() {
        await admin.query(`alter database ${dbName} set lock_timeout = '200ms'`);
        await terminate();
        releaseLocks = await lockTables();
      },
      async end() {
        await releaseLocks?.();
        await admin.query(`alter database ${dbName} reset lock_timeout`);
      },
    },
    rejected('57P03', 'the database system is starting up'),
    rejected('57P03', 'the database system is shutting down'),
    rejected('57P03', 'the database system is in recovery mode'),
    rejected('53300', 'sorry, too many clients already'),
    rejected('53200', 'out of memory'),
    rejected('08004', 'server rejected the connection'),
    proxied('connections reset by the network', 'reset'),
    proxied('a network path that stalls, dropping everything without a reset', 'stall'),
  ];

  for (const outage of outages) {
    it(`${outage.name}: 503 with Retry-After on every route, nothing half-written, recovery on its own`, async () => {
      const before = await rowCounts();
      await outage.begin();
      let sent: Sent[];
      try {
        // Past the key cache's revocation check (250 ms): every request reads the store again.
        await new Promise((r) => setTimeout(r, 300));
        sent = await sendAll();
        // The probes that must not depend on the database, asked while it is still down.
        const live = await t.request('GET', '/v1/health/live');
        assert.deepEqual([live.status, live.body], [200, { ok: true }]);
        const scraping = performance.now();
        const metrics = await t.request('GET', '/metrics');
        assert.equal(metrics.status, 200, metrics.text);
        // The queue gauges wait a second at most; every other figure is the process's own.
        const scrapeMs = performance.now() - scraping;
        assert.ok(scrapeMs < ANSWER_BOUND_MS, `/metrics took ${Math.round(scrapeMs)} ms`);
        assert.match(metrics.text, /http_requests_total/);
      } finally {
        await outage.end();
      }
      const problems: string[] = [];
      for (const s of sent) {
        const where = `${routeName(s.route)} (${s.url}) answered ${s.status} after ${Math.round(s.ms)} ms: ${s.text.slice(0, 200)}`;
        if (s.ms > ANSWER_BOUND_MS) problems.push(`too late: ${where}`);
        if (s.route.url === '/v1/health/live') {
          if (s.status !== 200) problems.push(where);
          continue;
        }
        if (s.status === 503) {
          if (s.route.url !== '/v1/health' && s.retryAfter === undefined)
            problems.push(`no Retry-After: ${where}`);
          continue;
        }
        // A public route (no key to look up) may answer from its input or settings alone, without
        // the database (a sign-in body without a password, Meta's handshake when not configured):
        // not an outage answer, and the row counts below still prove it wrote nothing.
        const needsStore = s.route.auth !== false;
        if ((outage.everythingRefused && needsStore) || s.status >= 500) problems.push(where);
      }
      assert.deepEqual(problems, [], problems.join('\n'));
      // A post and a profile write: refused in every outage drilled here.
      for (const url of ['/v1/posts', '/v1/profiles'])
        assert.equal(sent.find((s) => s.route.method === 'POST' && s.route.url === url)?.status, 503, url);

      // Nothing written while the database refused work, whatever each request got to.
      assert.deepEqual(await rowCounts(), before);

      // Recovery on its own: a write succeeds at the latest once each pooled connection that
      // failed has been replaced, with no restart and no wait.
      const answers: number[] = [];
      for (let i = 0; i <= POOL_SIZE && answers.at(-1) !== 201; i++) {
        const res = await t.request('POST', '/v1/profiles', { name: `after ${outage.name}`.slice(0, 100) });
        answers.push(res.status);
        assert.ok([201, 503].includes(res.status), res.text);
      }
      assert.equal(answers.at(-1), 201, `a write still failed after the outage ended: ${answers}`);
      const slowest = Math.max(...sent.map((s) => s.ms));
      process.stderr.write(
        `# ${outage.name}: ${sent.filter((s) => s.status === 503).length} of ${sent.length} routes answered 503, the slowest after ${Math.round(slowest)} ms; writes after recovery: ${answers.join(',')}\n`,
      );
    });
  }

  it('a publishing run through a stall and a refusal loses no target and publishes none twice', async () => {
    const worker = await startTestService('postgres', {
      pgSchema: false,
      settings: {
        ROLE: 'worker',
        DATABASE_URL: viaProxy,
        // The same key as the api service: the worker opens the tokens it sealed.
        ENCRYPTION_KEY: t.ctx.config.ENCRYPTION_KEY ?? '',
        SIMULATOR_URL: sim.url,
        DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
        DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
        JOBS_POLL_MS: '20',
        PUBLISH_RETRY_BASE_MS: '50',
        MONTHLY_CREDITS: '100000',
      },
    });
    const checker = await drillClient();
    checker.on('error', () => {});
    try {
      const accounts: Partial<Record<Platform, string>> = {};
      for (const [platform, id] of [
        ['twitter', '1700000000000000888'],
        ['linkedin', 'SimMemberDrill'],
      ] as const) {
        sim.addAccount(platform, { id, username: `drill${platform}`, name: `Drill ${platform}` });
        accounts[platform] = await connectSimulated(t, sim, platform, id);
      }
      const due = new Date(Date.now() + 3_000);
      const contents: string[] = [];
      for (let i = 0; i < 12; i++) {
        const content = `drill run ${dbName.slice(6)} post ${i}`;
        const res = await t.request('POST', '/v1/posts', {
          content,
          platforms: [
            { platform: 'twitter', accountId: accounts.twitter },
            { platform: 'linkedin', accountId: accounts.linkedin },
          ],
          scheduledFor: due.toISOString(),
        });
        assert.equal(res.status, 202, res.text);
        contents.push(content);
      }
      const states = async () =>
        Object.fromEntries(
          (
            await checker.query<{ status: string; n: string }>(`${OURS} group by status`, [
              `drill run ${dbName.slice(6)} %`,
            ])
          ).rows.map((r) => [r.status, Number(r.n)]),
        );
      // Each platform call takes a while, so publishing is under way when the outages come.
      sim.faults.add({ method: 'POST', delayMs: 150 });
      while ((await states()).published === undefined) {
        assert.ok(
          Date.now() - due.getTime() < 60_000,
          `nothing was published in the minute after the posts were due: ${JSON.stringify(await states())}`,
        );
        await new Promise((r) => setTimeout(r, 20));
      }
      proxy.set('stall');
      await new Promise((r) => setTimeout(r, 2 * (STATEMENT_TIMEOUT_MS + READ_MARGIN_MS)));
      proxy.set('pass');
      const atRefusal = await states();
      await checker.end();
      await admin.query(`alter database ${dbName} allow_connections false`);
      await terminate();
      await new Promise((r) => setTimeout(r, 1_500));
      await admin.query(`alter database ${dbName} allow_connections true`);
      // Progress, not a clock: wait while targets still move towards a final state.
      const reader = await drillClient();
      try {
        let last = '';
        let movedAt = Date.now();
        for (;;) {
          const rows = (
            await reader.query<{ status: string; n: string }>(`${OURS} group by status`, [
              `drill run ${dbName.slice(6)} %`,
            ])
          ).rows;
          const current = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
          if (Object.keys(current).every((s) => ['published', 'failed'].includes(s))) break;
          const seen = JSON.stringify(current);
          if (seen !== last) {
            last = seen;
            movedAt = Date.now();
          }
          assert.ok(Date.now() - movedAt < 60_000, `no target moved for a minute: ${seen}`);
          await new Promise((r) => setTimeout(r, 50));
        }
        const unpublished = await reader.query(
          `select platform, status, error_message from post_targets where status <> 'published' and post_id in (select id from posts where content like $1)`,
          [`drill run ${dbName.slice(6)} %`],
        );
        assert.deepEqual(unpublished.rows, [], 'every target published');
      } finally {
        await reader.end();
      }
      for (const platform of ['twitter', 'linkedin'] as Platform[])
        for (const content of contents)
          assert.equal(
            sim.state.listPosts(platform).filter((p) => JSON.stringify(p).includes(JSON.stringify(content)))
              .length,
            1,
            `${platform}: "${content}" is not on the platform exactly once`,
          );
      process.stderr.write(
        `# publishing through a stall and a refusal: ${JSON.stringify(atRefusal)} when the refusal began; all 24 targets published once\n`,
      );
    } finally {
      proxy.set('pass');
      await admin.query(`alter database ${dbName} allow_connections true`).catch(() => {});
      await checker.end().catch(() => {});
      await worker.close();
    }
  });
});
