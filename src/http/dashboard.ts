/**
 * Serves the web dashboard (the single-page app built from web/ into web/dist) at
 * `/`: its files as they are, and index.html for every other page path, so a
 * bookmarked `/calendar` opens the app, which then routes itself. Paths of the API
 * (`/v1`), its reference (`/docs`, `/openapi.json`) and `/metrics` are never
 * answered here: an unknown one keeps the API's JSON 404. The dashboard calls only
 * the public API, with the access key the person signs in with.
 *
 * `npm run build:web` writes a brotli and a gzip copy beside each text file
 * (web/precompress.ts): the smallest one the browser accepts is sent, with
 * `Vary: Accept-Encoding` so caches keep one per encoding.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where `npm run build:web` writes the app. */
export const DASHBOARD_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const NOT_DASHBOARD = /^\/(v1|docs|openapi\.json|metrics)(\/|$|\?)/;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/**
 * The page loads only its own scripts and styles and talks only to this service (and,
 * for uploads, to the storage's signed URL: any https one, and `uploadOrigin` when the
 * storage is an http S3 endpoint); pictures may come from anywhere (a post's media
 * are previewed from the URLs it gives, http ones included).
 * No referrer: a connection's one-time selection token is in the page's URL.
 */
export function pageHeaders(uploadOrigin?: string) {
  return {
    'content-security-policy': pagePolicy("'self'", uploadOrigin),
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };
}

/** The dashboard's headers with local media storage (the hosted connect page uses them too). */
export const PAGE_HEADERS = pageHeaders();

/** The precompressed copies, best first, by the Accept-Encoding token that takes them. */
const ENCODINGS = [
  { token: 'br', suffix: '.br' },
  { token: 'gzip', suffix: '.gz' },
] as const;

/** The encodings an Accept-Encoding header allows (a `;q=0` refuses one). */
function accepted(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) out.add(name);
  }
  return out;
}

/** The file to send for `file` and its Content-Encoding: a precompressed copy when the browser takes one. */
async function encoded(
  file: string,
  acceptEncoding: string | undefined,
): Promise<{ path: string; encoding?: string }> {
  const ok = accepted(acceptEncoding);
  for (const e of ENCODINGS) {
    if (!ok.has(e.token) && !ok.has('*')) continue;
    const copy = `${file}${e.suffix}`;
    if (
      await stat(copy).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      return { path: copy, encoding: e.token };
  }
  return { path: file };
}

/** The pages' Content-Security-Policy; `formAction` lists where forms may go (redirects included). */
export function pagePolicy(formAction: string, uploadOrigin?: string): string {
  // An S3-compatible store over http (a local MinIO) is where the browser PUTs uploads.
  const connect = ["'self'", 'https:', ...(uploadOrigin?.startsWith('http:') ? [uploadOrigin] : [])];
  return `default-src 'self'; img-src 'self' http: https: data: blob:; style-src 'self' 'unsafe-inline'; connect-src ${connect.join(' ')}; frame-ancestors 'none'; base-uri 'none'; form-action ${formAction}`;
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dashboard not built</title></head>
<body><main><h1>The dashboard is not built</h1><p>Run <code>npm run build:web</code> (the install step of the README does it), then reload.
The API is at <a href="/docs">/docs</a>.</p></main></body></html>`;

/** A file under `dir` for this URL path, or null (outside the folder, missing, a folder). */
async function fileFor(dir: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = normalize(join(dir, decoded));
  if (!full.startsWith(dir.endsWith(sep) ? dir : dir + sep)) return null;
  try {
    return (await stat(full)).isFile() ? full : null;
  } catch {
    return null;
  }
}

/** Sends a built file (or its precompressed copy) with its type. */
async function sendFile(request: FastifyRequest, reply: FastifyReply, file: string) {
  const { path, encoding } = await encoded(file, request.headers['accept-encoding']);
  reply.header('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
  reply.header('vary', 'Accept-Encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(await readFile(path));
}

export function installDashboard(
  app: FastifyInstance,
  dir: string = DASHBOARD_DIR,
  options: { uploadOrigin?: string } = {},
): void {
  const headers = pageHeaders(options.uploadOrigin);
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (NOT_DASHBOARD.test(path)) return reply.callNotFound();
    reply.headers(headers);
    // The compressed copies are served in place of their file, never by their own names.
    const file = path === '/' || /\.(br|gz)$/.test(path) ? null : await fileFor(dir, path);
    // Built assets carry a content hash in their names: cache them for good.
    if (file) {
      reply.header(
        'cache-control',
        path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      return sendFile(request, reply, file);
    }
    // An asset that is not there is a 404, not the app: a stale page would load HTML as script.
    if (extname(path) !== '') return reply.callNotFound();
    // index.html names the hashed assets of the current build: always asked again.
    reply.header('cache-control', 'no-cache');
    const index = join(dir, 'index.html');
    if (
      !(await stat(index).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      return reply.status(503).header('content-type', TYPES['.html']).send(NOT_BUILT);
    return sendFile(request, reply, index);
  };
  for (const url of ['/', '/*'])
    app.route({
      method: ['GET', 'HEAD'],
      url,
      schema: { hide: true },
      config: { rateLimit: false },
      handler: serve,
    });
}
