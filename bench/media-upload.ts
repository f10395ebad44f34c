/**
 * `node bench/media-upload.ts`: one large video uploaded to the service's local
 * media store through a real HTTP PUT to a signed URL, the body generated as it
 * is sent (BENCH_UPLOAD_BYTES, default 512 MiB). Prints the upload time and
 * throughput, the peak RSS of the process (service and client both): it must not
 * grow with the size of the file, since the body is streamed to disk.
 *
 *   node bench/media-upload.ts
 *   BENCH_UPLOAD_BYTES=2147483648 node bench/media-upload.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, startService } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createProject } from '../src/domain/projects/projects.ts';
import { mp4Stub } from '../src/media/testing.ts';

const BYTES = Number(process.env.BENCH_UPLOAD_BYTES ?? 512 * 1024 * 1024);
const MB = 1024 * 1024;

const dataDir = await mkdtemp(join(tmpdir(), 'bench-upload-'));
const config = loadConfig({
  env: {
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    ROLE: 'api',
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  },
});
const ctx = createContext(config);
const service = await startService(ctx, { listen: true, rateLimit: false });
const address = service.server?.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://127.0.0.1:${port}`;
const { accessKey } = await createProject(ctx, 'bench');

const startRss = process.memoryUsage.rss();
let peakRss = startRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 20);

const asked = await fetch(`${base}/v1/media/upload`, {
  method: 'POST',
  headers: { 'x-access-key': accessKey, 'content-type': 'application/json' },
  body: JSON.stringify({ filename: 'bench.mp4', mimeType: 'video/mp4', size: BYTES }),
});
const { data } = (await asked.json()) as { data: { uploadUrl: string; publicUrl: string } };
const uploadUrl = data.uploadUrl.replace(/^http:\/\/localhost:\d+/, base);

const slice = Buffer.alloc(MB, 7);
const head = mp4Stub(MB);
async function* body() {
  for (let sent = 0; sent < BYTES; ) {
    const part = (sent === 0 ? head : slice).subarray(0, Math.min(MB, BYTES - sent));
    sent += part.length;
    yield part;
  }
}

const started = performance.now();
const put = await fetch(uploadUrl, {
  method: 'PUT',
  headers: { 'content-type': 'video/mp4', 'content-length': String(BYTES) },
  body: ReadableStream.from(body()),
  duplex: 'half',
} as RequestInit);
const elapsed = (performance.now() - started) / 1000;
const answer = await put.text();
clearInterval(sampler);
if (put.status !== 200) throw new Error(`upload answered ${put.status}: ${answer}`);

console.log(`uploaded ${(BYTES / MB).toFixed(0)} MiB in ${elapsed.toFixed(2)} s`);
console.log(`throughput ${(BYTES / MB / elapsed).toFixed(0)} MiB/s`);
console.log(
  `RSS ${(startRss / MB).toFixed(0)} MiB before, peak ${(peakRss / MB).toFixed(0)} MiB during the upload`,
);

await service.stop();
await rm(dataDir, { recursive: true, force: true });
