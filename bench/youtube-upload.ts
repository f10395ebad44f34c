/**
 * `npm run bench:youtube-upload`: one large video published to YouTube through
 * the simulator, the way a publish job does it. A loopback fixture server
 * generates the video as it streams it (BENCH_YOUTUBE_BYTES, default 1 GiB plus a
 * partial last chunk); the media pipeline stages it to disk; the adapter uploads
 * it through a resumable session in 8 MiB chunks read from the file while sent,
 * then answers pending while YouTube processes it, as a job would. The simulator
 * runs in a process of its own, counts the bytes of every chunk and drops them.
 * Prints the staging and upload times, the upload throughput, and the peak RSS of
 * both processes: neither may grow with the size of the video.
 *
 *   npm run bench:youtube-upload
 *   BENCH_YOUTUBE_BYTES=2147483648 npm run bench:youtube-upload
 *   BENCH_YOUTUBE_RUN_BUDGET_MS=5000 npm run bench:youtube-upload   (the upload spans runs)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pino from 'pino';
import { createMediaStager, type MediaStager } from '../src/media/stage.ts';
import { startFixtureServer } from '../src/media/testing.ts';
import { createOutboundClient, platformUrlGuard } from '../src/net/outbound.ts';
import type {
  Checkpoint,
  PublishContext,
  PublishResult,
  ReconcileResult,
} from '../src/platforms/contract.ts';
import { youtubeModule } from '../src/platforms/youtube/index.ts';
import { uploadSettings } from '../src/platforms/youtube/publish.ts';
import { createSimulator } from '../src/simulator/core/simulator.ts';

const BYTES = Number(process.env.BENCH_YOUTUBE_BYTES ?? 1024 ** 3 + 123_457);
/** How long one run uploads before handing back (default: the adapter's minute). */
if (process.env.BENCH_YOUTUBE_RUN_BUDGET_MS)
  uploadSettings.runBudgetMs = Number(process.env.BENCH_YOUTUBE_RUN_BUDGET_MS);
const MB = 1024 * 1024;

/** Child mode: the simulator alone; prints its URL and a token, then its figures when asked. */
async function simulatorChild(): Promise<void> {
  const sim = await createSimulator({ port: 0, host: '127.0.0.1' });
  sim.state.collection('youtube', 'settings').set('processingMs', 1000);
  const { accessToken } = sim.issueTokens('youtube', { ttlSec: null });
  process.stdout.write(`${JSON.stringify({ url: sim.url, token: accessToken })}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line !== 'report') continue;
    const sessions = [...sim.state.collection<{ received: number }>('youtube', 'uploads').values()];
    const received = sessions.reduce((n, s) => n + s.received, 0);
    const chunks = sim.calls.count({ platform: 'youtube', method: 'PUT' });
    const maxRssKb = process.resourceUsage().maxRSS;
    process.stdout.write(
      `${JSON.stringify({ received, chunks, maxRssKb, videos: sim.countPosts('youtube') })}\n`,
    );
    await sim.close();
    process.exit(0);
  }
}

async function main(): Promise<void> {
  const child = spawn(process.execPath, [process.argv[1] as string, 'sim-child'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => JSON.parse(String((await lines.next()).value)) as Record<string, unknown>;
  const { url, token } = (await next()) as { url: string; token: string };

  const fixtures = await startFixtureServer();
  const tmpDir = await mkdtemp(join(tmpdir(), 'bench-youtube-'));
  const outbound = createOutboundClient({ allowlist: ['127.0.0.1'] });
  const stager = createMediaStager({ outbound, maxBytes: BYTES + MB, fetchTimeoutMs: 600_000, tmpDir });
  let staging = 0;
  let stagings = 0;
  const media: MediaStager = {
    ...stager,
    async stage(item, label, signal) {
      const start = performance.now();
      const s = await stager.stage(item, label, signal);
      staging += performance.now() - start;
      stagings++;
      return s;
    },
  };
  const stored: Checkpoint = {};
  const context = (): PublishContext => ({
    target: {
      platform: 'youtube',
      integrationId: 'bench',
      content: `A large upload of ${BYTES} bytes`,
      mediaItems: [{ type: 'video', url: `${fixtures.url}/generated/${BYTES}.mp4` }],
      platformSpecificData: { title: 'Bench upload' },
    },
    account: { platformUserId: 'UCsimchannel000000000001', accessToken: token, metadata: {} },
    checkpoint: structuredClone(stored),
    saveCheckpoint: async (patch) => {
      Object.assign(stored, patch);
    },
    beginCreate: async () => {},
    recordExists: async () => {},
    baseUrl: `${url}/youtube`,
    platformUrls: platformUrlGuard(outbound, [`${url}/youtube`]),
    signal: new AbortController().signal,
    log: pino({ level: 'silent' }),
    now: () => new Date(),
    media,
  });

  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const t0 = performance.now();
  // As the engine does: publish again while nothing was created (the upload spans
  // runs of a minute), reconcile once the final chunk went out (processing).
  let createBegun = false;
  let runs = 0;
  let uploaded = 0;
  let result: PublishResult | ReconcileResult = { state: 'pending', retryInMs: 0, reason: 'start' };
  while (result.state === 'pending') {
    const wait = result.retryInMs;
    await new Promise((r) => setTimeout(r, wait));
    const ctx: PublishContext = {
      ...context(),
      beginCreate: async () => {
        createBegun = true;
      },
    };
    const wasBegun = createBegun;
    result = wasBegun
      ? await youtubeModule.publisher.reconcile(ctx)
      : await youtubeModule.publisher.publish(ctx);
    if (createBegun && !uploaded) uploaded = performance.now();
    runs++;
  }
  const t1 = performance.now();
  clearInterval(sampler);

  child.stdin.write('report\n');
  const sim = (await next()) as { received: number; chunks: number; maxRssKb: number; videos: number };
  await outbound.close();
  await fixtures.close();
  await rm(tmpDir, { recursive: true, force: true });

  const uploadMs = uploaded - t0 - staging;
  const mb = BYTES / MB;
  const rows: [string, string][] = [
    ['video', `${BYTES} bytes (${(BYTES / 1024 ** 3).toFixed(2)} GiB), generated and streamed from loopback`],
    ['result', `${result.state} ${result.state === 'published' ? result.platformPostUrl : ''}`],
    ['staging (fetch to disk)', `${(staging / 1000).toFixed(1)} s (${stagings}x)`],
    ['publish/reconcile runs', `${runs} (an upload run hands back after a minute)`],
    [
      'upload (session, chunks)',
      `${(uploadMs / 1000).toFixed(1)} s, ${(mb / (uploadMs / 1000)).toFixed(0)} MiB/s, ${sim.chunks} PUTs`,
    ],
    ['publish total (with processing)', `${((t1 - t0) / 1000).toFixed(1)} s`],
    ['bytes the simulator received', `${sim.received} (${sim.videos} video)`],
    [
      'peak RSS, adapter process',
      `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB (sampled ${(peakRss / MB).toFixed(0)} MiB)`,
    ],
    ['peak RSS, simulator process', `${(sim.maxRssKb / 1024).toFixed(0)} MiB`],
  ];
  for (const [k, v] of rows) process.stdout.write(`${k.padEnd(34)} ${v}\n`);
  if (sim.received !== BYTES || result.state !== 'published') process.exitCode = 1;
}

if (process.argv[2] === 'sim-child') await simulatorChild();
else await main();
