/**
 * `npm run bench:create`: requests per second and p50/p99 latency of creating a
 * two-target scheduled post at concurrency 32, beside a bare Fastify route that
 * answers the same JSON, measured the same way in the same run, and the same body
 * sent to POST /v1/posts/validate (every check, nothing stored). The servers run
 * in a worker thread; this thread only generates load over loopback keep-alive
 * connections. Bounded in count and time.
 *
 * Both run for the same time (a short run of the bare route alone measured warm-up more
 * than the route). The post carries an image on a loopback media host; create reads its
 * headers, remembered per URL for a minute, so the run shows the usual case of a URL
 * seen before. BENCH_MEDIA=distinct gives every create its own URL (one request each),
 * BENCH_MEDIA=none (or BENCH_NO_MEDIA=1) none.
 *
 * Options (environment): BENCH_SECONDS (default 8 per route), BENCH_REQUESTS (a cap,
 * default none), BENCH_CONCURRENCY (default 32), BENCH_MEDIA (same | distinct | none),
 * BENCH_DATABASE_URL (PostgreSQL instead of SQLite).
 * `-- --api-processes 1,2,4` (PostgreSQL): creates spread over that many api processes
 * instead, interleaved, BENCH_ROUNDS rounds (default 3; bench/create-processes.ts).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { Pool } from 'undici';
import { runAcrossProcesses } from './create-processes.ts';

const { values: args } = parseArgs({ options: { 'api-processes': { type: 'string' } } });
const PROCESS_COUNTS = args['api-processes']?.split(',').map(Number);
if (PROCESS_COUNTS && (!process.env.BENCH_DATABASE_URL || PROCESS_COUNTS.some((n) => !(n >= 1))))
  throw new Error('--api-processes N[,N...] needs BENCH_DATABASE_URL (PostgreSQL) and counts ≥ 1');
const ENCRYPTION_KEY = randomBytes(32).toString('base64');

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? Number.POSITIVE_INFINITY);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const MEDIA = process.env.BENCH_NO_MEDIA ? 'none' : (process.env.BENCH_MEDIA ?? 'same');
if (!['same', 'distinct', 'none'].includes(MEDIA)) throw new Error('BENCH_MEDIA: same, distinct or none');
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

interface Ready {
  servicePort: number;
  barePort: number;
  accessKey: string;
  twitter: string;
  linkedin: string;
  /** The post's image, on the loopback media host. */
  mediaUrl: string;
  pgSchema?: string;
}

interface Result {
  name: string;
  count: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** The route's status when it worked (`run`'s `success`). */
  success: number;
  /** Answers other than `success`. */
  errors: number;
  /** CPU time of the servers' thread per request answered: steadier between runs than requests/s. */
  cpuPerRequestUs: number;
}

const worker = new Worker(new URL('./create-servers.ts', import.meta.url), {
  workerData: { databaseUrl: process.env.BENCH_DATABASE_URL, encryptionKey: ENCRYPTION_KEY },
});
const ready = await new Promise<Ready>((resolve, reject) => {
  worker.once('message', resolve);
  worker.once('error', reject);
});

const bodyWith = (mediaUrl: string | null) =>
  JSON.stringify({
    content: 'Benchmark post with a link https://example.com/launch and some text.',
    ...(mediaUrl ? { mediaItems: [{ type: 'image', url: mediaUrl }] } : {}),
    platforms: [
      { platform: 'twitter', accountId: ready.twitter, platformSpecificData: { replySettings: 'following' } },
      {
        platform: 'linkedin',
        accountId: ready.linkedin,
        content: 'LinkedIn text',
        platformSpecificData: { visibility: 'PUBLIC' },
      },
    ],
    scheduledFor: `${new Date().getUTCFullYear() + 1}-06-01T09:00:00`,
    timezone: 'Europe/Paris',
  });
const sameBody = bodyWith(MEDIA === 'none' ? null : ready.mediaUrl);
let bodies = 0;
/** The next request's body: the same one, or one whose image URL no create used before. */
const nextBody = () => (MEDIA === 'distinct' ? bodyWith(`${ready.mediaUrl}?v=${++bodies}`) : sameBody);
const headers = { 'content-type': 'application/json', 'x-access-key': ready.accessKey };

/** CPU time the servers' thread has used so far, in µs. */
async function serverCpuUs(): Promise<number> {
  const answer = new Promise<{ cpuUs: number }>((resolve) => worker.once('message', resolve));
  worker.postMessage('cpu');
  return (await answer).cpuUs;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function run(
  name: string,
  port: number,
  path: string,
  requests: number,
  seconds: number,
  /** The route's answer when it worked: 202 for the bare route and create. */
  success = 202,
): Promise<Result> {
  const cpuBefore = await serverCpuUs();
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONCURRENCY, pipelining: 1 });
  const latencies: number[] = [];
  let sent = 0;
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const start = performance.now();
  const loop = async () => {
    while (sent < requests && performance.now() < deadline) {
      sent++;
      const t0 = performance.now();
      const res = await pool.request({ method: 'POST', path, headers, body: nextBody() });
      await res.body.text();
      latencies.push(performance.now() - t0);
      if (res.statusCode !== success) errors++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  const elapsed = (performance.now() - start) / 1000;
  const cpuUs = (await serverCpuUs()) - cpuBefore;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    name,
    count: latencies.length,
    seconds: elapsed,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    success,
    errors,
    cpuPerRequestUs: cpuUs / latencies.length,
  };
}

/** --api-processes: the creates spread over the processes' ports, the concurrency shared out evenly. */
async function acrossPorts(ports: number[]) {
  const pools = ports.map(
    (p) => new Pool(`http://127.0.0.1:${p}`, { connections: CONCURRENCY, pipelining: 1 }),
  );
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, lane) => {
      const pool = pools[lane % pools.length] as Pool;
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const res = await pool.request({ method: 'POST', path: '/v1/posts', headers, body: nextBody() });
        await res.body.text();
        if (res.statusCode !== 202) throw new Error(`create answered ${res.statusCode}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  await Promise.all(pools.map((p) => p.close()));
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p99: percentile(latencies, 99), count: latencies.length };
}

if (PROCESS_COUNTS) {
  process.stdout.write(
    `create-post across api processes ${PROCESS_COUNTS.join(', ')}, PostgreSQL, media ${MEDIA}, concurrency ${CONCURRENCY} in all, ${SECONDS} s each\n`,
  );
  await runAcrossProcesses({
    databaseUrl: process.env.BENCH_DATABASE_URL as string,
    pgSchema: ready.pgSchema as string,
    encryptionKey: ENCRYPTION_KEY,
    counts: PROCESS_COUNTS,
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    measure: acrossPorts,
  });
  worker.postMessage('stop');
  await new Promise((resolve) => worker.once('message', resolve));
  await worker.terminate();
  process.exit();
}

// Warm both up (JIT, connections, SQLite pages), then measure each in turn.
await run('warm-up', ready.barePort, '/bare', 2000, 2);
await run('warm-up', ready.servicePort, '/v1/posts', 2000, 2);
const bare = await run('bare Fastify route', ready.barePort, '/bare', REQUESTS, SECONDS);
const create = await run('POST /v1/posts', ready.servicePort, '/v1/posts', REQUESTS, SECONDS);
// The same body through every check create makes (schedule, media, each platform's rules,
// the accounts), nothing stored: create's cost less its durable write.
const validate = await run(
  'POST …/validate',
  ready.servicePort,
  '/v1/posts/validate',
  REQUESTS,
  SECONDS,
  200,
);
// The same creates called in the service's thread without HTTP (see create-servers.ts).
worker.postMessage({ direct: nextBody(), seconds: Math.min(SECONDS, 5), concurrency: CONCURRENCY });
type Ran = { count: number; seconds: number };
const { direct, write } = await new Promise<{ direct: Ran; write: Ran }>((resolve) =>
  worker.once('message', resolve),
);
const perSecond = (r: Ran) => r.count / r.seconds;

const line = (r: Result) =>
  `${r.name.padEnd(20)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2).padStart(6)} ms   p99 ${r.p99.toFixed(2).padStart(6)} ms   (${r.count} requests in ${r.seconds.toFixed(1)} s${r.errors ? `, ${r.errors} not ${r.success}` : ''}; ${r.cpuPerRequestUs.toFixed(0)} µs CPU per request in the servers' thread)`;
process.stdout.write(
  `create-post benchmark: two-target scheduled post, media ${MEDIA}, concurrency ${CONCURRENCY}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}\n` +
    `${line(bare)}\n${line(create)}\n${line(validate)}\nratio (create / bare): ${(create.rps / bare.rps).toFixed(2)}\n` +
    `createPost without HTTP (checks and durable write only): ${perSecond(direct).toFixed(0)} creates/s\n` +
    `durable write alone (group commit of checked creates): ${perSecond(write).toFixed(0)} creates/s, ${(perSecond(write) / bare.rps).toFixed(2)} × bare\n`,
);
worker.postMessage('stop');
await new Promise((resolve) => worker.once('message', resolve));
await worker.terminate();
if (create.errors > 0 || validate.errors > 0) process.exitCode = 1;
