/**
 * Serves the web dashboard (the single-page app built from web/ into web/dist) at
 * `/`: its files as they are, and index.html for every other page path, so a
 * bookmarked `/calendar` opens the app, which then routes itself. Paths of the API
 * (`/v1`), its reference (`/docs`, `/openapi.json`) and `/metrics` are never
 * answered here: an unknown one keeps the API's JSON 404. The dashboard calls only
 * the public API, with the access key the person signs in with.
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
 * for uploads, to the storage's signed https URL); pictures may come from the platforms.
 * No referrer: a connection's one-time selection token is in the page's URL.
 */
export const PAGE_HEADERS = {
  'content-security-policy': pagePolicy("'self'"),
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

/** The pages' Content-Security-Policy; `formAction` lists where forms may go (redirects included). */
export function pagePolicy(formAction: string): string {
  return `default-src 'self'; img-src 'self' https: data:; style-src 'self' 'unsafe-inline'; connect-src 'self' https:; frame-ancestors 'none'; base-uri 'none'; form-action ${formAction}`;
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

export function installDashboard(app: FastifyInstance, dir: string = DASHBOARD_DIR): void {
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (NOT_DASHBOARD.test(path)) return reply.callNotFound();
    reply.headers(PAGE_HEADERS);
    const file = path === '/' ? null : await fileFor(dir, path);
    // Built assets carry a content hash in their names: cache them for good.
    if (file) {
      reply.header('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
      if (path.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.send(await readFile(file));
    }
    // An asset that is not there is a 404, not the app: a stale page would load HTML as script.
    if (extname(path) !== '') return reply.callNotFound();
    const index = await readFile(join(dir, 'index.html')).catch(() => null);
    reply.header('content-type', TYPES['.html']).header('cache-control', 'no-cache');
    if (!index) return reply.status(503).send(NOT_BUILT);
    return reply.send(index);
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
