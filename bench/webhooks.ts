/**
 * `npm run bench:webhooks`: how many webhook deliveries per second the service
 * makes to a local receiver. Starts the service in process (SQLite in a temp
 * directory, or PostgreSQL with BENCH_DATABASE_URL), one subscription pointing
 * at a node:http receiver on loopback. First an API-only service fans out
 * BENCH_EVENTS lifecycle events (default 10,000: deliveries and their jobs are
 * written); then a worker-only service on the same storage sends them, until the
 * receiver has every one and every delivery is recorded as succeeded. Prints the
 * fan-out rate and the delivery rate.
 *
 *   npm run bench:webhooks
 *   BENCH_EVENTS=2000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:webhooks
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, startService } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { newId } from '../src/domain/ids.ts';
import { fanOutEvent } from '../src/domain/notifications/fanout.ts';
import { createSubscription } from '../src/domain/notifications/subscriptions.ts';
import { createProject } from '../src/domain/projects/projects.ts';
import type { LifecycleEvent } from '../src/notifications/events.ts';
import { createBenchSchema } from './pg-schema.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const PG_URL = process.env.BENCH_DATABASE_URL;

async function main() {
  let received = 0;
  /** Requests per event id: a healthy receiver that answers at once should see each id once. */
  const perEvent = new Map<string, number>();
  let done: () => void = () => {};
  const allReceived = new Promise<void>((r) => {
    done = r;
  });
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(204).end();
      const id = String(req.headers['x-service-event-id']);
      perEvent.set(id, (perEvent.get(id) ?? 0) + 1);
      if (++received === EVENTS) done();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const dataDir = mkdtempSync(join(tmpdir(), 'sps-bench-'));
  const schema = PG_URL ? await createBenchSchema(PG_URL) : null;
  const configFor = (role: 'api' | 'worker') =>
    loadConfig({
      env: {
        ROLE: role,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        JOBS_POLL_MS: '50',
        ...(PG_URL ? { DATABASE_URL: PG_URL } : {}),
        // Passed on when set: a busy machine can be imitated with a short lease or attempt timeout.
        ...Object.fromEntries(
          ['JOBS_CONCURRENCY', 'JOBS_LEASE_MS', 'WEBHOOK_TIMEOUT_MS', 'NOTIFICATION_RETRY_DELAYS_MS'].flatMap(
            (name) => (process.env[name] ? [[name, process.env[name]]] : []),
          ),
        ),
      },
    });
  const key = randomBytes(32).toString('base64');
  const start = async (role: 'api' | 'worker') => {
    const config = { ...configFor(role), ENCRYPTION_KEY: key };
    const ctx = createContext(config, {
      storeOptions: schema ? { pgSchema: schema.name, poolSize: 10 } : {},
    });
    return startService(ctx);
  };
  let service = await start('api');
  const { ctx } = service;
  const { config } = ctx;
  try {
    const { projectId } = await createProject(ctx, 'bench');
    await createSubscription(ctx, projectId, {
      channel: 'webhook',
      eventTypes: ['post.published'],
      webhook: { url },
    });
    const event = (): LifecycleEvent => ({
      id: newId('evt'),
      projectId,
      type: 'post.published',
      createdAt: new Date().toISOString(),
      post: {
        id: newId('post'),
        status: 'published',
        content: 'Benchmark post with a little text, about the size of a real one. #bench',
        scheduledFor: null,
        mediaItems: [],
        wasScheduled: false,
        targets: [
          {
            platform: 'bluesky',
            integrationId: 'int_bench',
            profileId: null,
            status: 'published',
            platformPostId: 'at://did:plc:bench/app.bsky.feed.post/1',
            platformPostUrl: 'https://bsky.app/profile/bench/post/1',
            publishedAt: new Date().toISOString(),
            errorMessage: null,
            warningMessage: null,
          },
        ],
      },
    });

    const t0 = performance.now();
    const batch = 100;
    for (let i = 0; i < EVENTS; i += batch) {
      await ctx.store.db.transaction().execute(async (trx) => {
        for (let j = i; j < Math.min(EVENTS, i + batch); j++) await fanOutEvent(trx, config, event());
      });
    }
    const t1 = performance.now();
    await service.stop();
    const t2 = performance.now();
    service = await start('worker');
    const worker = service.ctx;
    // Every event at least once (a repeat counts in `received`, so wait on distinct ids).
    await allReceived;
    while (perEvent.size < EVENTS) await new Promise((r) => setTimeout(r, 20));
    const t3 = performance.now();
    // Every delivery recorded as succeeded (the receiver may answer before the record is written).
    for (;;) {
      const row = await worker.store.db
        .selectFrom('notification_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'succeeded')
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= EVENTS) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const t4 = performance.now();
    // Repeats, and why the attempts before them failed (as the deliveries log recorded it).
    const duplicates = [...perEvent.values()].reduce((n, c) => n + (c - 1), 0);
    const failed = await worker.store.db
      .selectFrom('notification_attempts')
      .select(['error', (eb) => eb.fn.countAll<number>().as('n')])
      .where('success', '=', 0)
      .groupBy('error')
      .execute();
    const s = (ms: number) => (ms / 1000).toFixed(2);
    const rate = (n: number, ms: number) => Math.round(n / (ms / 1000));
    console.log(
      `database: ${worker.store.describe.split(' ')[0]}, job concurrency ${config.JOBS_CONCURRENCY}`,
    );
    console.log(`fan-out: ${EVENTS} events in ${s(t1 - t0)} s (${rate(EVENTS, t1 - t0)} events/s)`);
    console.log(`webhooks received: ${received} in ${s(t3 - t2)} s after the worker started`);
    console.log(`all recorded as succeeded after ${s(t4 - t2)} s`);
    console.log(`deliveries/s: ${rate(EVENTS, t4 - t2)}`);
    console.log(
      `duplicates: ${duplicates} (${perEvent.size} distinct event ids in ${received} requests)` +
        failed.map((f) => `\n  failed attempt (${f.n}): ${f.error}`).join(''),
    );
  } finally {
    await service.stop();
    receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
    await schema?.drop();
  }
}

await main();
