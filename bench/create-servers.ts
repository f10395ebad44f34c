/**
 * Runs in a worker thread for bench/create.ts: the real service (API role, SQLite
 * in a temporary directory, rate limiter on with a ceiling the run can not reach)
 * and a bare Fastify server whose one route answers the same JSON. Posts back the
 * ports, the access key and two integration ids.
 *
 * Create looks at each media URL's headers (size and type for the post record), so
 * the post's image is served by a media host on loopback, allow-listed as a CDN
 * would be reachable: each create whose URL was not seen in the last minute pays one request at loopback latency.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import Fastify from 'fastify';
import { createContext, startService } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type CreatePostBody, createPost, newPostRows, plannedCreate } from '../src/domain/posts/create.ts';
import { inspectPostMedia } from '../src/domain/posts/media-facts.ts';
import { readSchedule } from '../src/domain/posts/schedule.ts';
import { writeCreate } from '../src/domain/posts/write-batch.ts';
import { createProject } from '../src/domain/projects/projects.ts';
import { addIntegration } from '../test/posts-fixtures.ts';
import { createBenchSchema } from './pg-schema.ts';

// Answers the first-byte request create makes as a CDN does: one byte and the total size.
const mediaHost = createServer((_req, res) => {
  res.writeHead(206, {
    'content-type': 'image/jpeg',
    'content-length': '1',
    'content-range': 'bytes 0-0/48213',
  });
  res.end('x');
});
await new Promise<void>((resolve) => mediaHost.listen(0, '127.0.0.1', resolve));

const dataDir = mkdtempSync(join(tmpdir(), 'sps-bench-'));
const config = loadConfig({
  env: {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ROLE: 'api',
    PORT: '0',
    MONTHLY_CREDITS: '100000000',
    RATE_LIMIT_MAX: '100000000',
    OUTBOUND_ALLOWLIST: '127.0.0.1',
    // --api-processes: the api processes read what this thread seals with the same key.
    ...(workerData?.encryptionKey ? { ENCRYPTION_KEY: workerData.encryptionKey } : {}),
    ...(workerData?.databaseUrl ? { DATABASE_URL: workerData.databaseUrl } : {}),
  },
});
// On PostgreSQL the run gets a schema of its own, dropped at the end.
const databaseUrl: string | undefined = workerData?.databaseUrl;
const pgSchema = databaseUrl ? await createBenchSchema(databaseUrl) : null;
const ctx = createContext(
  config,
  pgSchema ? { storeOptions: { pgSchema: pgSchema.name, poolSize: 20 } } : {},
);
const service = await startService(ctx, { listen: true, rateLimit: true });
const { projectId, accessKey } = await createProject(ctx, 'bench');
const twitter = await addIntegration(ctx, projectId, 'twitter');
const linkedin = await addIntegration(ctx, projectId, 'linkedin');

const answer = {
  success: true,
  status: 'scheduled',
  postId: 'post_0000000000000000000000000',
  scheduledFor: `${new Date().getUTCFullYear() + 1}-06-01T09:00:00.000Z`,
  platforms: [
    { platform: 'twitter', success: true },
    { platform: 'linkedin', success: true },
  ],
};
const bare = Fastify({ logger: false });
bare.post('/bare', async (_req, reply) => reply.status(202).send(answer));
await bare.listen({ port: 0, host: '127.0.0.1' });

const portOf = (s: { address(): unknown }) => (s.address() as { port: number }).port;
parentPort?.postMessage({
  servicePort: portOf(service.server!.server),
  barePort: portOf(bare.server),
  mediaUrl: `http://127.0.0.1:${portOf(mediaHost)}/img/launch.jpg`,
  accessKey,
  twitter,
  linkedin,
  pgSchema: pgSchema?.name,
});
/** Runs `one` `concurrency` at a time for `seconds`; how many ran and for how long. */
async function lanes(one: () => Promise<unknown>, seconds: number, concurrency: number) {
  let count = 0;
  const deadline = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await one();
        count++;
      }
    }),
  );
  return { count, seconds: (performance.now() - start) / 1000 };
}

/**
 * The same creates without HTTP, two ways. `direct`: createPost called straight: what is
 * left of a create once parsing, authentication, validation and the socket are taken
 * away (its checks and its durable write). `write`: only the durable write, the group
 * commit that every create needs for its guarantees (balance locked and charged,
 * accounts read, post, targets, jobs, event and ledger rows inserted, committed): the
 * body is checked, its schedule read and its media inspected once, before timing.
 */
async function withoutHttp(body: string, seconds: number, concurrency: number) {
  const direct = await lanes(() => createPost(ctx, projectId, JSON.parse(body)), seconds, concurrency);
  const parsed = JSON.parse(body) as CreatePostBody;
  const schedule = readSchedule(parsed, new Date());
  if (Array.isArray(schedule)) throw new Error(schedule.join('; '));
  const { media } = await inspectPostMedia(ctx, projectId, parsed.mediaItems ?? []);
  const write = await lanes(
    () => {
      const { post, targets } = newPostRows(ctx.platforms, projectId, parsed, schedule, media, new Date());
      return writeCreate(ctx, plannedCreate(ctx, post, targets, parsed.platforms));
    },
    seconds,
    concurrency,
  );
  parentPort?.postMessage({ direct, write });
}

parentPort?.on(
  'message',
  (message: { direct: string; seconds: number; concurrency: number } | 'stop' | 'cpu') => {
    // This thread's CPU time so far (µs), read before and after each HTTP run.
    if (message === 'cpu') {
      const { user, system } = process.threadCpuUsage();
      parentPort?.postMessage({ cpuUs: user + system });
    } else if (message !== 'stop') void withoutHttp(message.direct, message.seconds, message.concurrency);
    else void stop();
  },
);

async function stop() {
  await bare.close();
  mediaHost.close();
  await service.stop();
  await pgSchema?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  parentPort?.postMessage('stopped');
}
