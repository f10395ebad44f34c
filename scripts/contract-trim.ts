/**
 * Trims a platform's published OpenAPI document to the operations our adapters call
 * and writes it as the simulator's contract for that platform
 * (src/simulator/contracts/<platform>.json, format in that folder's README).
 *
 *   npm run contracts:trim -- --platform twitter --from openapi.json \
 *     --repository xdevplatform/xdk --path specs/openapi.json --revision <commit> \
 *     [--ops "POST /2/tweets,GET /2/users/{id}/tweets"]
 *
 * Without --ops the operations already in the contract file are taken again, so a
 * refresh is: fetch the repository, point --from at the new document, run this, and
 * read the diff (a field that disappeared is a change the adapter must follow).
 * Parts of the contract that do not come from the document (`transcribed`
 * operations, `notes`, `outside`, `unenforcedFormats`) are kept as they are.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

type Json = Record<string, unknown>;

const { values: args } = parseArgs({
  options: {
    platform: { type: 'string' },
    from: { type: 'string' },
    repository: { type: 'string' },
    path: { type: 'string' },
    revision: { type: 'string' },
    ops: { type: 'string' },
    /** The server's base path, prepended to every path (Pinterest's `/v5`). */
    prefix: { type: 'string' },
  },
});
if (!args.platform || !args.from || !args.repository || !args.path || !args.revision) {
  process.stderr.write(
    'usage: --platform p --from file --repository o/r --path p --revision sha [--ops ...]\n',
  );
  process.exit(2);
}

const out = new URL(`../src/simulator/contracts/${args.platform}.json`, import.meta.url);
const previous = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Json) : undefined;
const doc = JSON.parse(readFileSync(args.from, 'utf8')) as Json;

/** Keys that only explain (kept out to keep the trimmed file readable). */
const DROPPED = new Set(['description', 'example', 'examples', 'externalDocs', 'x-twitter-streaming']);

const strip = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(strip);
  if (!v || typeof v !== 'object') return v;
  const o: Json = {};
  for (const [k, x] of Object.entries(v as Json)) {
    // `properties` keys are field names: a field may be called "description".
    if (DROPPED.has(k) && typeof x !== 'object') continue;
    if (DROPPED.has(k) && k !== 'description') continue;
    o[k] = strip(x);
  }
  return o;
};

const resolve = (ref: string): Json => {
  const parts = ref.replace(/^#\//, '').split('/');
  let at: unknown = doc;
  for (const p of parts) at = (at as Json)[p.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (!at) throw new Error(`unresolved ${ref}`);
  return at as Json;
};
const deref = (v: Json): Json => (typeof v.$ref === 'string' ? deref(resolve(v.$ref)) : v);

/** Schema names reachable from a value (through nested refs too). */
const schemas = new Map<string, unknown>();
const collect = (v: unknown): void => {
  if (Array.isArray(v)) {
    for (const x of v) collect(x);
    return;
  }
  if (!v || typeof v !== 'object') return;
  for (const [k, x] of Object.entries(v as Json)) {
    // A discriminator's mapping names its subtypes by ref: they are part of the schema.
    if (k === 'discriminator' && (x as Json).mapping) {
      for (const ref of Object.values((x as Json).mapping as Json)) collect({ $ref: ref });
      continue;
    }
    if (k === '$ref' && typeof x === 'string') {
      const name = x.replace('#/components/schemas/', '');
      if (!x.startsWith('#/components/schemas/')) throw new Error(`unexpected ref ${x}`);
      if (schemas.has(name)) continue;
      const target = resolve(x);
      schemas.set(name, strip(target));
      collect(target);
    } else collect(x);
  }
};

const objectOf = (params: Json[]): Json | undefined => {
  if (params.length === 0) return undefined;
  const properties: Json = {};
  const required: string[] = [];
  for (const p of params) {
    properties[p.name as string] = strip(p.schema ?? { type: 'string' });
    if (p.required) required.push(p.name as string);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
};

const contentOf = (content: Json | undefined): Json =>
  Object.fromEntries(
    Object.entries(content ?? {}).map(([type, m]) => [type, strip((m as Json).schema ?? {})]),
  );

const wanted = args.ops
  ? args.ops.split(',').map((s) => s.trim())
  : Object.values((previous?.operations ?? {}) as Record<string, Json>)
      .filter((o) => !o.transcribed)
      .map((o) => `${o.method} ${o.path}`);

const prefix =
  args.prefix ?? ((previous?.source as Json | undefined)?.pathPrefix as string | undefined) ?? '';
const operations: Json = {};
const paths = doc.paths as Record<string, Json>;
for (const w of wanted) {
  const [method = '', full = ''] = w.split(' ');
  const path = full.startsWith(prefix) ? full.slice(prefix.length) : full;
  const item = paths[path];
  const op = item?.[method.toLowerCase()] as Json | undefined;
  if (!item || !op) throw new Error(`${w} is not in ${args.from}`);
  const params = [...((item.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])].map(deref);
  const body = op.requestBody ? deref(op.requestBody as Json) : undefined;
  const responses: Json = {};
  for (const [status, r] of Object.entries((op.responses ?? {}) as Json)) {
    responses[status] = contentOf(deref(r as Json).content as Json | undefined);
  }
  const entry: Json = {
    method,
    path: full,
    pathParams: objectOf(params.filter((p) => p.in === 'path')),
    query: objectOf(params.filter((p) => p.in === 'query')),
    ...(body ? { body: contentOf(body.content as Json), bodyRequired: body.required === true } : {}),
    responses,
  };
  collect(entry);
  operations[(op.operationId as string | undefined) ?? w] = entry;
}
for (const o of Object.values((previous?.operations ?? {}) as Record<string, Json>)) {
  if (!o.transcribed) continue;
  collect(o);
}
const kept = Object.entries((previous?.operations ?? {}) as Record<string, Json>).filter(
  ([, o]) => o.transcribed,
);

const info = doc.info as Json;
const contract = {
  platform: args.platform,
  source: {
    description: `${info.title as string} (OpenAPI ${doc.openapi as string}), trimmed by scripts/contract-trim.ts`,
    repository: args.repository,
    path: args.path,
    revision: args.revision,
    version: info.version,
    ...(prefix ? { pathPrefix: prefix } : {}),
  },
  ...(previous?.notes ? { notes: previous.notes } : {}),
  operations: { ...operations, ...Object.fromEntries(kept) },
  ...(previous?.outside ? { outside: previous.outside } : {}),
  ...(previous?.undescribed ? { undescribed: previous.undescribed } : {}),
  ...(previous?.unenforcedFormats ? { unenforcedFormats: previous.unenforcedFormats } : {}),
  components: {
    schemas: Object.fromEntries(
      [...schemas.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, v]),
    ),
  },
};
writeFileSync(out, `${JSON.stringify(contract, null, 2)}\n`);
process.stdout.write(
  `${out.pathname}: ${Object.keys(contract.operations).length} operations, ${schemas.size} schemas\n`,
);
