/**
 * Writes a simulator contract (src/simulator/contracts/<platform>.json) from Google
 * API discovery documents (googleapis/discovery-artifact-manager `discoveries/`),
 * trimmed to the methods named (by discovery id). Several documents may feed one
 * file: Google Business Profile's account and location APIs are two.
 *
 *   npm run contracts:discovery -- --platform googlebusiness \
 *     --repository <owner/name> --revision <commit> \
 *     --from <checkout>/discoveries/mybusinessaccountmanagement.v1.json \
 *     --from <checkout>/discoveries/mybusinessbusinessinformation.v1.json \
 *     [--method mybusinessaccountmanagement.accounts.list ...] [--upload youtube.videos.insert ...]
 *
 * Without --method, the discovery operations already in the file are taken again.
 * A method named by --upload (or already in the file at its upload path) is taken
 * at the path its `mediaUpload` gives for uploads (`/upload/youtube/v3/videos`),
 * taking its request schema as JSON (the metadata that opens a resumable upload)
 * or the media types the method accepts.
 * Operations the file transcribes by hand (`transcribed`), the schemas only they
 * use, notes and `outside` are kept as they are.
 *
 * How discovery maps to JSON Schema: `$ref: "X"` → `#/components/schemas/X`;
 * types, properties, items, maps (additionalProperties) and enums as they are;
 * a parameter with `required: true` is required. Formats are left out: discovery's
 * are Google's own (`google-fieldmask`, `google-datetime`, `int64` on strings) and
 * none of them is a JSON Schema format.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';

type Json = Record<string, unknown>;

const { values: args } = parseArgs({
  options: {
    platform: { type: 'string' },
    repository: { type: 'string' },
    revision: { type: 'string' },
    from: { type: 'string', multiple: true },
    method: { type: 'string', multiple: true },
    upload: { type: 'string', multiple: true },
    // The documents' folder in the repository (gcp-spec keeps them under specs/).
    folder: { type: 'string', default: 'discoveries' },
  },
});
if (!args.platform || !args.repository || !args.revision || !args.from?.length) {
  process.stderr.write(
    'usage: --platform <p> --repository <owner/name> --revision <commit> --from <doc.json>... [--method <id>...]\n',
  );
  process.exit(2);
}

const out = new URL(`../src/simulator/contracts/${args.platform}.json`, import.meta.url);
let previous: Json = {};
try {
  previous = JSON.parse(readFileSync(out, 'utf8')) as Json;
} catch {
  // A first run: --method names the operations.
}
const previousOps = (previous.operations ?? {}) as Record<string, Json>;
const handmade = Object.fromEntries(Object.entries(previousOps).filter(([, op]) => op.transcribed));
const wanted = [
  ...new Set([
    ...(args.method ?? Object.keys(previousOps).filter((id) => !handmade[id])),
    ...(args.upload ?? []),
  ]),
];

const docs = args.from.map((f) => ({ file: f, doc: JSON.parse(readFileSync(f, 'utf8')) as Json }));

/** Every method of a document, by its discovery id. */
function methodsOf(doc: Json): Map<string, Json> {
  const found = new Map<string, Json>();
  const walk = (resources: Json | undefined) => {
    for (const r of Object.values(resources ?? {}) as Json[]) {
      for (const m of Object.values((r.methods ?? {}) as Json) as Json[]) found.set(String(m.id), m);
      walk(r.resources as Json | undefined);
    }
  };
  walk(doc.resources as Json);
  return found;
}

const KEEP = ['type', 'enum', 'items', 'properties', 'additionalProperties', '$ref', 'pattern'];

/** A discovery schema as JSON Schema (see the header). */
function schemaOf(s: Json, used: Set<string>): Json {
  if (typeof s.$ref === 'string') {
    used.add(s.$ref);
    return { $ref: `#/components/schemas/${s.$ref}` };
  }
  const o: Json = {};
  for (const [k, v] of Object.entries(s)) {
    if (!KEEP.includes(k)) continue;
    if (k === 'type' && v === 'any') continue;
    if (k === 'properties')
      o.properties = Object.fromEntries(
        Object.entries(v as Json).map(([n, p]) => [n, schemaOf(p as Json, used)]),
      );
    else if (k === 'items' || k === 'additionalProperties') o[k] = schemaOf(v as Json, used);
    else o[k] = v;
  }
  return o;
}

const parametersOf = (params: Json, where: string, used: Set<string>): Json | undefined => {
  const own = Object.entries(params).filter(([, p]) => (p as Json).location === where);
  if (!own.length) return undefined;
  const required = own.filter(([, p]) => (p as Json).required === true).map(([n]) => n);
  return {
    type: 'object',
    properties: Object.fromEntries(own.map(([n, p]) => [n, schemaOf(p as Json, used)])),
    ...(required.length ? { required } : {}),
  };
};

const ERROR = { 'application/json': { $ref: '#/components/schemas/GoogleError' } };
const operations: Json = {};
const schemas: Record<string, Json> = {};
const sources: string[] = [];

for (const { file, doc } of docs) {
  const methods = methodsOf(doc);
  const mine = wanted.filter((id) => methods.has(id));
  if (!mine.length) continue;
  sources.push(`${doc.name} ${doc.version} (revision ${doc.revision})`);
  const used = new Set<string>();
  for (const id of mine) {
    const m = methods.get(id)!;
    const params = (m.parameters ?? {}) as Json;
    // flatPath names each path segment (`v1/accounts/{accountsId}/locations`).
    const media = m.mediaUpload as
      | { accept?: string[]; protocols?: { simple?: { path?: string } } }
      | undefined;
    const uploadPath = media?.protocols?.simple?.path;
    const upload = !!uploadPath && (args.upload?.includes(id) || previousOps[id]?.path === uploadPath);
    const path = upload ? uploadPath : `/${m.flatPath}`;
    const segments = [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!);
    const query = parametersOf(
      { ...(doc.parameters as Json), ...Object.fromEntries(Object.entries(params)) },
      'query',
      used,
    );
    const response = m.response as Json | undefined;
    if (response?.$ref) used.add(String(response.$ref));
    operations[id] = {
      method: m.httpMethod,
      path,
      ...(segments.length
        ? {
            pathParams: {
              type: 'object',
              properties: Object.fromEntries(segments.map((s) => [s, { type: 'string' }])),
              required: segments,
            },
          }
        : {}),
      ...(query ? { query } : {}),
      ...(m.request
        ? { body: { 'application/json': schemaOf(m.request as Json, used) }, bodyRequired: true }
        : upload
          ? { body: Object.fromEntries((media?.accept ?? []).map((t) => [t, {}])), bodyRequired: true }
          : {}),
      responses: {
        // A method without a response schema answers nothing: Google's servers say so
        // with 204 No Content (YouTube's videos.delete) or an empty 200.
        ...(response ? { 200: { 'application/json': schemaOf(response, used) } } : { 200: {}, 204: {} }),
        '4XX': ERROR,
        '5XX': ERROR,
      },
    };
  }
  // Every schema reachable from the methods, each once; two documents naming one
  // schema (Google's shared types, PostalAddress) must agree.
  const all = doc.schemas as Record<string, Json>;
  const queue = [...used];
  for (let name = queue.shift(); name; name = queue.shift()) {
    const refs = new Set<string>();
    const converted = schemaOf(all[name] ?? {}, refs);
    if (schemas[name] && JSON.stringify(schemas[name]) !== JSON.stringify(converted))
      throw new Error(`${basename(file)}: schema ${name} differs from the one another document gives`);
    if (!schemas[name]) {
      schemas[name] = converted;
      for (const r of refs) if (!schemas[r] && !queue.includes(r)) queue.push(r);
    }
  }
}
const missing = wanted.filter((id) => !operations[id]);
if (missing.length) throw new Error(`no such method in the documents: ${missing.join(', ')}`);

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
        errors: { type: 'array', items: { type: 'object' } },
        details: { type: 'array' },
      },
    },
  },
};
// The hand-transcribed operations' own schemas stay as written.
const kept = Object.entries((previous.components as Json | undefined)?.schemas ?? {}).filter(
  ([name]) => !(name in schemas),
);
const before = (previous.source ?? {}) as Json;
const contract = {
  platform: args.platform,
  source: {
    description: before.description ?? `Google's discovery documents: ${sources.join('; ')}`,
    repository: args.repository,
    path: args.from.map((f) => `${args.folder}/${basename(f)}`).join(', '),
    revision: args.revision,
    version: sources.join('; '),
  },
  ...(previous.notes ? { notes: previous.notes } : {}),
  operations: { ...operations, ...handmade },
  ...(previous.outside ? { outside: previous.outside } : {}),
  ...(previous.undescribed ? { undescribed: previous.undescribed } : {}),
  components: {
    schemas: Object.fromEntries([...Object.entries(schemas), ...kept].sort(([a], [b]) => a.localeCompare(b))),
  },
};
writeFileSync(out, `${JSON.stringify(contract, null, 2)}\n`);
process.stdout.write(
  `${out.pathname}: ${Object.keys(operations).length} operations from discovery, ${Object.keys(handmade).length} transcribed\n`,
);
