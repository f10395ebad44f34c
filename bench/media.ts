/**
 * `npm run bench:media`: media conversion throughput and memory, each beside the
 * tool alone doing the same work in the same run.
 *
 * - Images: BENCH_IMAGES (default 20) 1000×3000 PNGs fitted to Instagram's feed
 *   rule (padded to 4:5 on a blurred copy, JPEG) by the service's converter and
 *   stored as derivatives, against sharp alone making the same padded JPEG, the two
 *   taking turns image by image.
 * - Video: a generated H.264 video of about BENCH_VIDEO_MB (default 1024) MiB,
 *   served over loopback, converted by the `convert_media` job exactly as
 *   publishing runs it (fetched to disk, hashed, re-encoded for X's rules, probed,
 *   checked, stored), against ffmpeg alone with the same arguments file to file.
 *   The service's peak RSS is sampled while it runs: ffmpeg works in its own
 *   process and streams, so it must not grow with the file.
 *
 *   npm run bench:media
 *   BENCH_VIDEO_MB=128 npm run bench:media
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createContext, startService } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createProject } from '../src/domain/projects/projects.ts';
import {
  convertMediaJob,
  derivativeId,
  storeDerivative,
} from '../src/domain/publishing/convert-media-job.ts';
import { convertImage } from '../src/media/convert-image.ts';
import { ffmpegArgs, planVideo } from '../src/media/convert-video.ts';
import { probeVideo } from '../src/media/probe.ts';
import { instagramMediaRules } from '../src/platforms/instagram/media-rules.ts';
import { twitterMediaRules } from '../src/platforms/twitter/media-rules.ts';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 20);
const VIDEO_MB = Number(process.env.BENCH_VIDEO_MB ?? 1024);
const MB = 1024 * 1024;

const dir = await mkdtemp(join(tmpdir(), 'bench-media-'));
const config = loadConfig({
  env: {
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'silent',
    ROLE: 'api',
    OUTBOUND_ALLOWLIST: '127.0.0.1',
    MEDIA_MAX_BYTES: String(4 * 1024 * MB),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  },
});
const ctx = createContext(config);
const service = await startService(ctx, { listen: false, rateLimit: false });
const { projectId } = await createProject(ctx, 'bench');

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 50);
const mb = (n: number) => `${(n / MB).toFixed(0)} MB`;

// Images -------------------------------------------------------------------------------
const feed = instagramMediaRules.formats.feed?.image;
if (!feed) throw new Error('no Instagram feed rule');
const pngPath = join(dir, 'tall.png');
await sharp({ create: { width: 1000, height: 3000, channels: 3, background: '#3366cc' } })
  .composite([
    {
      input: Buffer.from(
        '<svg width="1000" height="3000"><circle cx="500" cy="1500" r="400" fill="#fc0"/></svg>',
      ),
    },
  ])
  .png()
  .toFile(pngPath);

// Service and sharp alone take turns, one image each (A B A B), so that a change in the
// machine's load falls on both alike and their ratio means the same at any load.
let serviceImages = 0;
let toolImages = 0;
let t0 = 0;
for (let i = 0; i < IMAGES; i++) {
  t0 = performance.now();
  const image = await convertImage(pngPath, feed, 'pad');
  await storeDerivative(
    ctx,
    projectId,
    derivativeId(projectId, `bench-${i}`, 'image'),
    { bytes: image.bytes },
    {
      ...image,
      ext: 'jpg',
    },
  );
  serviceImages += (performance.now() - t0) / 1000;

  t0 = performance.now();
  // sharp alone: the same padded 2400×3000 frame on a blurred copy, as one JPEG.
  const bg = await sharp(pngPath)
    .resize(300, 375, { fit: 'cover' })
    .blur(4)
    .resize(2400, 3000, { fit: 'fill' })
    .toBuffer();
  const fg = await sharp(pngPath).resize(2400, 3000, { fit: 'inside' }).toBuffer();
  await sharp(bg)
    .composite([{ input: fg, gravity: 'centre' }])
    .jpeg({ quality: 88 })
    .toBuffer();
  toolImages += (performance.now() - t0) / 1000;
}

const imageRss = peakRss;

// Video --------------------------------------------------------------------------------
const source = join(dir, 'source.mp4');
// About VIDEO_MB MiB of 1080p H.264 at 40 Mbit/s, made quickly (ultrafast) before timing starts.
const seconds = Math.max(2, Math.round((VIDEO_MB * MB * 8) / 40_000_000));
await new Promise<void>((resolve, reject) =>
  execFile(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1920x1080:rate=30',
      '-t',
      String(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-b:v',
      '40M',
      '-maxrate',
      '40M',
      '-bufsize',
      '80M',
      '-pix_fmt',
      'yuv420p',
      source,
    ],
    { timeout: 60 * 60_000 },
    (err) => (err ? reject(err) : resolve()),
  ),
);
const sourceSize = (await stat(source)).size;
const files = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(sourceSize) });
  createReadStream(source).pipe(res);
});
await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
const port = (files.address() as { port: number }).port;
const rule = twitterMediaRules.formats.post?.video;
if (!rule) throw new Error('no X video rule');

const rssBeforeVideo = process.memoryUsage.rss();
peakRss = rssBeforeVideo;
const conversionId = 'mc_bench';
const at = new Date().toISOString();
await ctx.store.db
  .insertInto('media_conversions')
  .values({
    id: conversionId,
    project_id: projectId,
    post_id: 'post_bench',
    status: 'converting',
    error: null,
    media_id: null,
    url: null,
    mime_type: null,
    width: null,
    height: null,
    size: null,
    created_at: at,
    updated_at: at,
  })
  .execute();
t0 = performance.now();
await convertMediaJob.run(
  {
    id: 'job_bench',
    kind: 'convert_media',
    projectId,
    payload: {
      conversionId,
      postId: 'post_bench',
      url: `http://127.0.0.1:${port}/source.mp4`,
      kind: 'video',
      label: 'media item 1',
      title: 'X posts',
      rule,
      fit: 'pad',
      trim: false,
    },
    attempt: 1,
    maxAttempts: 1,
    lastError: null,
    signal: AbortSignal.timeout(6 * 60 * 60_000),
    leaseOwner: 'bench',
  },
  ctx,
);
const serviceVideo = (performance.now() - t0) / 1000;
const videoRss = peakRss;
const done = await ctx.store.db
  .selectFrom('media_conversions')
  .selectAll()
  .where('id', '=', conversionId)
  .executeTakeFirstOrThrow();
if (done.status !== 'done') throw new Error(`the conversion ended ${done.status}: ${done.error}`);

const facts = await probeVideo(source);
const plan = planVideo(
  {
    width: facts.width ?? 1920,
    height: facts.height ?? 1080,
    ...(facts.durationSec ? { durationSec: facts.durationSec } : {}),
    ...(facts.fps ? { fps: facts.fps } : {}),
  },
  rule,
  'pad',
  false,
);
t0 = performance.now();
const toolRssKb = await new Promise<number>((resolve, reject) => {
  const child = spawn(
    '/usr/bin/time',
    ['-f', '%M', 'ffmpeg', ...ffmpegArgs(source, join(dir, 'alone.mp4'), plan, 'pad')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
  });
  child.on('close', (code) =>
    code === 0 ? resolve(Number(err.trim().split('\n').at(-1))) : reject(new Error(err)),
  );
});
const toolVideo = (performance.now() - t0) / 1000;

clearInterval(sampler);
files.close();
await service.stop();
await rm(dir, { recursive: true, force: true });

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
console.log(`images: ${IMAGES} × 1000×3000 PNG → Instagram feed (pad, JPEG)`);
console.log(
  `  service   ${(IMAGES / serviceImages).toFixed(2)} images/s (${serviceImages.toFixed(1)} s), peak RSS ${mb(imageRss)}`,
);
console.log(`  sharp     ${(IMAGES / toolImages).toFixed(2)} images/s (${toolImages.toFixed(1)} s)`);
console.log(`  overhead  ${ratio(serviceImages, toolImages)}`);
console.log(`video: ${mb(sourceSize)} 1080p H.264 (${seconds} s) → X (H.264/AAC MP4, 1280×720)`);
console.log(
  `  service   ${serviceVideo.toFixed(1)} s, service RSS ${mb(rssBeforeVideo)} before, peak ${mb(videoRss)} during`,
);
console.log(`  ffmpeg    ${toolVideo.toFixed(1)} s, ffmpeg's own peak RSS ${mb(toolRssKb * 1024)}`);
console.log(`  overhead  ${ratio(serviceVideo, toolVideo)}`);
