/**
 * Test fixtures for media: real PNG and GIF headers of any size, an MP4 whose
 * `ftyp` box makes it sniff as video/mp4, a PDF, a real short MP4 from ffmpeg when
 * it is installed, and a loopback server that serves them (with a route that
 * generates a large body on the fly, never held in memory).
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid grey PNG of `width`×`height` (optionally padded to about `minBytes` with a text chunk). */
export function png(width: number, height: number, minBytes = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0;
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
  ];
  const size = parts.reduce((a, b) => a + b.length, 0);
  if (minBytes > size) parts.push(chunk('tEXt', Buffer.alloc(minBytes - size, 0x61)));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** A GIF89a whose header says `width`×`height`, with a one-colour image. */
export function gif(width: number, height: number): Buffer {
  const head = Buffer.from('GIF89a', 'ascii');
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen.set([0x80, 0, 0], 4);
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const image = Buffer.alloc(10);
  image[0] = 0x2c;
  image.writeUInt16LE(width, 5);
  image.writeUInt16LE(height, 7);
  return Buffer.concat([head, screen, palette, image, Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b])]);
}

/** Bytes that sniff as video/mp4 (an ftyp box), padded to `size`. Not playable. */
export function mp4Stub(size = 64 * 1024): Buffer {
  const b = Buffer.alloc(size);
  b.writeUInt32BE(24, 0);
  b.write('ftypisom', 4, 'ascii');
  b.writeUInt32BE(0x200, 12);
  b.write('isomiso2', 16, 'ascii');
  return b;
}

export const pdf = (): Buffer => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

/** A real H.264 MP4 made by ffmpeg (1 second, 320×240 unless told); false when ffmpeg is missing. */
export function realMp4(path: string, shape: { seconds?: number; size?: string } = {}): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(
      'ffmpeg',
      [
        '-y',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc=size=${shape.size ?? '320x240'}:rate=10`,
        '-t',
        String(shape.seconds ?? 1),
        '-pix_fmt',
        'yuv420p',
        '-c:v',
        'libx264',
        path,
      ],
      { timeout: 30_000 },
      (err) => resolve(!err),
    );
  });
}

/**
 * A real VP9/Opus WebM of `seconds` at width×height (a test pattern and a tone),
 * made by ffmpeg at its fastest; false when ffmpeg is missing.
 */
export function realWebm(path: string, width: number, height: number, seconds = 3): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(
      'ffmpeg',
      [
        '-y',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=${width}x${height}:rate=30`,
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:sample_rate=48000',
        '-t',
        String(seconds),
        '-c:v',
        'libvpx-vp9',
        '-deadline',
        'realtime',
        '-cpu-used',
        '8',
        '-b:v',
        '1M',
        '-c:a',
        'libopus',
        path,
      ],
      { timeout: 60_000 },
      (err) => resolve(!err),
    );
  });
}

export interface FixtureServer {
  url: string;
  /** Serves `body` at `path` with that content type. */
  set(path: string, body: Buffer | string, contentType: string): string;
  /** Every request answered so far, in order: its path, Range header and the body bytes sent. */
  requests: { path: string; range?: string; bytes: number }[];
  close(): Promise<void>;
}

/**
 * Fixture routes, plus `/generated/<bytes>.mp4`: an mp4-looking body of that many
 * bytes produced on the fly in 1 MB slices (for memory tests), and `/status/<code>`:
 * an empty answer with that HTTP status, and `/hang`: no answer at all (for fetch failures).
 * Byte ranges are honoured (206, or 416 past the end) except under `/no-ranges/`.
 */
export async function startFixtureServer(): Promise<FixtureServer> {
  const routes = new Map<string, { body: Buffer; type: string }>();
  const requests: FixtureServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const seen = { path, ...(req.headers.range ? { range: req.headers.range } : {}), bytes: 0 };
    requests.push(seen);
    const generated = /^\/generated\/(\d+)\.mp4$/.exec(path);
    if (generated) {
      const total = Number(generated[1]);
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(total) });
      const slice = Buffer.alloc(1024 * 1024, 7);
      const head = mp4Stub(1024 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < total) {
          const part = (sent === 0 ? head : slice).subarray(0, Math.min(slice.length, total - sent));
          sent += part.length;
          if (!res.write(part)) return res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    const status = /^\/status\/(\d{3})$/.exec(path);
    if (status) return res.writeHead(Number(status[1])).end();
    if (path === '/hang') return;
    const route = routes.get(path);
    if (!route) return res.writeHead(404).end('not found');
    // Byte ranges as CDNs serve them (`bytes=a-b`), except under /no-ranges/, which answers the whole file.
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (range && !path.startsWith('/no-ranges/')) {
      const start = Number(range[1]);
      const end = Math.min(range[2] ? Number(range[2]) : route.body.length - 1, route.body.length - 1);
      if (start > end) return res.writeHead(416, { 'content-range': `bytes */${route.body.length}` }).end();
      seen.bytes = end - start + 1;
      return res
        .writeHead(206, {
          'content-type': route.type,
          'content-length': String(end - start + 1),
          'content-range': `bytes ${start}-${end}/${route.body.length}`,
        })
        .end(route.body.subarray(start, end + 1));
    }
    // Counted as sent in full: a client that drops the answer early may still have been sent it.
    seen.bytes = req.method === 'HEAD' ? 0 : route.body.length;
    res
      .writeHead(200, { 'content-type': route.type, 'content-length': String(route.body.length) })
      .end(req.method === 'HEAD' ? undefined : route.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    set(path, body, contentType) {
      routes.set(path, { body: Buffer.isBuffer(body) ? body : Buffer.from(body), type: contentType });
      return `${url}${path}`;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
