/**
 * Writes the simulator's YouTube contract (src/simulator/contracts/youtube.json)
 * from Google's own generated client for the YouTube Data API v3, the npm package
 * `@googleapis/youtube` (its `v3.ts` is generated from the API's discovery
 * document: one `Schema$X` interface per resource schema, one
 * `Params$Resource$R$M` interface per method's parameters).
 *
 *   npm pack @googleapis/youtube@<version> && tar xzf googleapis-youtube-*.tgz
 *   npm run contracts:youtube -- --from package/v3.ts --version <package version> \
 *     --shasum <the tarball's SHA-1, npm view @googleapis/youtube@<version> dist.shasum>
 *
 * What the generated types carry is what is checked: field names and their types
 * (string, number, boolean, nested schemas, lists, maps). Enum values and required
 * parameters are in the discovery document but not in the generated types, so they
 * are not checked. The resumable upload's second step (PUT on the session URI) and
 * Google's error body are transcribed from Google's reference pages (notes say so).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

type Json = Record<string, unknown>;

const { values: args } = parseArgs({
  options: { from: { type: 'string' }, version: { type: 'string' }, shasum: { type: 'string' } },
});
if (!args.from || !args.version || !args.shasum) {
  process.stderr.write('usage: --from <package/v3.ts> --version <version> --shasum <the tarball sha1>\n');
  process.exit(2);
}
const source = readFileSync(args.from, 'utf8');

/** The properties of one generated interface, with their TypeScript types. */
function members(name: string): Map<string, string> {
  const start = source.search(new RegExp(`interface ${name.replace(/\$/g, '\\$')}( extends \\w+)? \\{`));
  if (start < 0) throw new Error(`${args.from} has no interface ${name}`);
  const out = new Map<string, string>();
  const lines = source.slice(start).split('\n');
  let depth = 0;
  let pending = '';
  for (const line of lines) {
    const code = line.replace(/\/\*.*?\*\/|^\s*\*.*$|^\s*\/\*\*.*$/g, '');
    depth += (code.match(/\{/g) ?? []).length - (code.match(/\}/g) ?? []).length;
    if (depth === 1) {
      pending += code.trim();
      const m = /^'?([\w$.]+)'?\??:\s*(.+);$/.exec(pending);
      if (m) {
        out.set(m[1]!, m[2]!);
        pending = '';
      } else if (pending.endsWith(';') || pending === '' || pending.endsWith('{')) pending = '';
    }
    if (depth === 0 && out.size + pending.length > 0 && line.includes('}')) break;
    if (depth < 0) break;
  }
  return out;
}

const schemas: Record<string, Json> = {};
const pending: string[] = [];
const refTo = (name: string): Json => {
  const key = name.replace('Schema$', '');
  if (!(key in schemas) && !pending.includes(name)) pending.push(name);
  return { $ref: `#/components/schemas/${key}` };
};

/** A generated TypeScript type as JSON Schema. */
function typeSchema(raw: string): Json {
  const t = raw.replace(/\s*\|\s*null$/, '').trim();
  const map = /^\{\s*\[key: string\]:\s*(.+)\s*\}$/.exec(t);
  if (map) return { type: 'object', additionalProperties: typeSchema(map[1]!) };
  if (t.endsWith('[]')) return { type: 'array', items: typeSchema(t.slice(0, -2)) };
  if (t === 'string') return { type: 'string' };
  if (t === 'number') return { type: 'number' };
  if (t === 'boolean') return { type: 'boolean' };
  if (t.startsWith('Schema$')) return refTo(t);
  return {};
}

function objectOf(name: string, skip: string[] = []): Json {
  const properties: Json = {};
  for (const [k, t] of members(name)) if (!skip.includes(k)) properties[k] = typeSchema(t);
  return { type: 'object', properties };
}

/** A method's query: its own parameters and the standard ones every method takes. */
const params = (method: string): Json => {
  const own = objectOf(method, ['requestBody', 'media', 'auth']);
  const standard = objectOf('StandardParameters', ['auth']);
  return { type: 'object', properties: { ...(standard.properties as Json), ...(own.properties as Json) } };
};

const ERROR = { 'application/json': { $ref: '#/components/schemas/GoogleError' } };
const json = (schema: string) => ({ 'application/json': refTo(`Schema$${schema}`) });

const operations: Json = {
  'videos.insert': {
    method: 'POST',
    path: '/upload/youtube/v3/videos',
    query: params('Params$Resource$Videos$Insert'),
    body: json('Video'),
    // The resumable session's start answers its URI in Location, with no body.
    responses: { 200: {}, '4XX': ERROR, '5XX': ERROR },
  },
  'videos.insert.upload': {
    method: 'PUT',
    path: '/upload/youtube/v3/videos',
    transcribed:
      'Google resumable upload protocol (developers.google.com/youtube/v3/guides/using_resumable_upload_protocol): PUT on the session URI with Content-Range; 308 with Range until the last chunk, then 200/201 with the Video resource.',
    query: {
      type: 'object',
      properties: { uploadType: { type: 'string' }, upload_id: { type: 'string' }, part: { type: 'string' } },
    },
    body: { '*/*': {} },
    responses: { 200: json('Video'), 201: json('Video'), 308: {}, '4XX': ERROR, '5XX': ERROR },
  },
  'videos.list': {
    method: 'GET',
    path: '/youtube/v3/videos',
    query: params('Params$Resource$Videos$List'),
    responses: { 200: json('VideoListResponse'), '4XX': ERROR, '5XX': ERROR },
  },
  'videos.update': {
    method: 'PUT',
    path: '/youtube/v3/videos',
    query: params('Params$Resource$Videos$Update'),
    body: json('Video'),
    responses: { 200: json('Video'), '4XX': ERROR, '5XX': ERROR },
  },
  'videos.delete': {
    method: 'DELETE',
    path: '/youtube/v3/videos',
    query: params('Params$Resource$Videos$Delete'),
    responses: { 204: {}, '4XX': ERROR, '5XX': ERROR },
  },
  'thumbnails.set': {
    method: 'POST',
    path: '/upload/youtube/v3/thumbnails/set',
    query: params('Params$Resource$Thumbnails$Set'),
    body: { 'image/*': {}, 'application/octet-stream': {} },
    responses: { 200: json('ThumbnailSetResponse'), '4XX': ERROR, '5XX': ERROR },
  },
  'commentThreads.insert': {
    method: 'POST',
    path: '/youtube/v3/commentThreads',
    query: params('Params$Resource$Commentthreads$Insert'),
    body: json('CommentThread'),
    responses: { 200: json('CommentThread'), '4XX': ERROR, '5XX': ERROR },
  },
  'commentThreads.list': {
    method: 'GET',
    path: '/youtube/v3/commentThreads',
    query: params('Params$Resource$Commentthreads$List'),
    responses: { 200: json('CommentThreadListResponse'), '4XX': ERROR, '5XX': ERROR },
  },
};

while (pending.length) {
  const name = pending.shift()!;
  schemas[name.replace('Schema$', '')] = objectOf(name);
}
schemas.GoogleError = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'integer' },
        message: { type: 'string' },
        status: { type: 'string' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              message: { type: 'string' },
              domain: { type: 'string' },
              reason: { type: 'string' },
              location: { type: 'string' },
              locationType: { type: 'string' },
              extendedHelp: { type: 'string' },
            },
          },
        },
        details: { type: 'array' },
      },
    },
  },
};

const out = new URL('../src/simulator/contracts/youtube.json', import.meta.url);
let previous: Json = {};
try {
  previous = JSON.parse(readFileSync(out, 'utf8')) as Json;
} catch {
  // A first run.
}
const contract = {
  platform: 'youtube',
  source: {
    description:
      "YouTube Data API v3 as Google's generated client types it (npm @googleapis/youtube v3.ts, generated from the API's discovery document), converted by scripts/contract-youtube.ts",
    repository: 'https://www.npmjs.com/package/@googleapis/youtube',
    path: 'v3.ts',
    // The published tarball's SHA-1 (npm view @googleapis/youtube@<version> dist.shasum).
    revision: args.shasum,
    version: args.version,
  },
  ...(previous.notes ? { notes: previous.notes } : {}),
  operations,
  ...(previous.amendments ? { amendments: previous.amendments } : {}),
  ...(previous.outside ? { outside: previous.outside } : {}),
  components: { schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) },
};
writeFileSync(out, `${JSON.stringify(contract, null, 2)}\n`);
process.stdout.write(
  `${out.pathname}: ${Object.keys(operations).length} operations, ${Object.keys(schemas).length} schemas\n`,
);
