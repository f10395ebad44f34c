/**
 * Writes the simulator's Bluesky contract (src/simulator/contracts/bluesky.json)
 * from the AT Protocol lexicons: each XRPC method the adapter calls becomes an
 * operation (`/xrpc/<nsid>`, GET for a query, POST for a procedure), and every
 * lexicon definition it reaches becomes a JSON Schema.
 *
 *   npm run contracts:lexicons -- --from <atproto checkout>/lexicons --revision <commit> \
 *     [--methods com.atproto.repo.createRecord,...] [--records app.bsky.feed.post]
 *
 * Without --methods and --records, those already in the file are taken again.
 * How lexicon types map: object → object schema (`$type` allowed), ref → $ref,
 * union → anyOf of the refs each bound to its `$type` (an open union also takes
 * an object of another `$type`), string formats → this contract's `atproto-*`
 * formats (checked by src/simulator/contracts/atproto-formats.ts), knownValues →
 * any string (they are open by definition), blob → the blob ref object,
 * cid-link → `{$link}`, unknown → anything. A repository method's `record:
 * unknown` is checked against the records named by --records when its `$type`
 * is one of them.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

type Json = Record<string, unknown>;

const { values: args } = parseArgs({
  options: {
    from: { type: 'string' },
    revision: { type: 'string' },
    methods: { type: 'string' },
    records: { type: 'string' },
  },
});
if (!args.from || !args.revision) {
  process.stderr.write('usage: --from <lexicons dir> --revision <commit> [--methods a,b] [--records c]\n');
  process.exit(2);
}
const out = new URL('../src/simulator/contracts/bluesky.json', import.meta.url);
const previous = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Json) : undefined;
const prevSource = previous?.source as Json | undefined;
const methods = args.methods
  ? args.methods.split(',')
  : Object.values((previous?.operations ?? {}) as Record<string, Json>).map((o) =>
      String(o.path).replace('/xrpc/', ''),
    );
const records = args.records
  ? args.records.split(',')
  : ((prevSource?.records as string[] | undefined) ?? []);

const docs = new Map<string, Json>();
const lexicon = (nsid: string): Json => {
  let d = docs.get(nsid);
  if (!d) {
    d = JSON.parse(readFileSync(`${join(args.from!, ...nsid.split('.'))}.json`, 'utf8')) as Json;
    docs.set(nsid, d);
  }
  return d;
};

/** `app.bsky.feed.defs#postView` (or `#postView` inside `base`) → its schema key. */
const keyOf = (ref: string, base: string): { nsid: string; def: string; key: string } => {
  const [n, d] = ref.startsWith('#') ? [base, ref.slice(1)] : ref.split('#');
  const nsid = n || base;
  const def = d ?? 'main';
  return { nsid, def, key: def === 'main' ? nsid : `${nsid}.${def}` };
};

const schemas: Record<string, Json> = {};
const pending: { nsid: string; def: string; key: string }[] = [];
const refTo = (ref: string, base: string): Json => {
  const k = keyOf(ref, base);
  if (!(k.key in schemas) && !pending.some((p) => p.key === k.key)) pending.push(k);
  return { $ref: `#/components/schemas/${k.key}` };
};
/** The `$type` a union member carries: the NSID, with `#def` unless main. */
const typeName = (ref: string, base: string): string => {
  const k = keyOf(ref, base);
  return k.def === 'main' ? k.nsid : `${k.nsid}#${k.def}`;
};

const FORMATS: Record<string, string> = {
  datetime: 'atproto-datetime',
  uri: 'uri',
  'at-uri': 'atproto-at-uri',
  did: 'atproto-did',
  handle: 'atproto-handle',
  'at-identifier': 'atproto-at-identifier',
  nsid: 'atproto-nsid',
  cid: 'atproto-cid',
  language: 'atproto-language',
  tid: 'atproto-tid',
  'record-key': 'atproto-record-key',
};

function convert(t: Json, base: string): Json {
  switch (t.type) {
    case 'object':
    case 'params': {
      const properties: Json = { $type: { type: 'string' } };
      for (const [k, v] of Object.entries((t.properties ?? {}) as Record<string, Json>)) {
        properties[k] = convert(v, base);
      }
      if (t.type === 'params') delete properties.$type;
      const nullable = (t.nullable as string[] | undefined) ?? [];
      for (const k of nullable) properties[k] = { anyOf: [properties[k], { type: 'null' }] };
      return {
        type: 'object',
        properties,
        ...(t.required ? { required: t.required } : {}),
      };
    }
    case 'ref':
      return refTo(String(t.ref), base);
    case 'union': {
      const refs = (t.refs as string[]) ?? [];
      const names = refs.map((r) => typeName(r, base));
      const branches: Json[] = refs.map((r, i) => ({
        allOf: [refTo(r, base), { required: ['$type'], properties: { $type: { const: names[i] } } }],
      }));
      // An open union also takes an object of a type it does not list.
      if (t.closed !== true)
        branches.push({
          type: 'object',
          required: ['$type'],
          properties: { $type: { type: 'string', not: { enum: names } } },
          additionalProperties: true,
        });
      return { anyOf: branches };
    }
    case 'array':
      return {
        type: 'array',
        items: convert(t.items as Json, base),
        ...(t.maxLength !== undefined ? { maxItems: t.maxLength } : {}),
        ...(t.minLength !== undefined ? { minItems: t.minLength } : {}),
      };
    case 'string': {
      const s: Json = { type: 'string' };
      if (typeof t.format === 'string') s.format = FORMATS[t.format] ?? t.format;
      if (t.maxLength !== undefined) s.maxLength = t.maxLength;
      if (t.minLength !== undefined) s.minLength = t.minLength;
      if (t.enum) s.enum = t.enum;
      if (t.const !== undefined) s.const = t.const;
      if (t.maxGraphemes !== undefined) s['x-maxGraphemes'] = t.maxGraphemes;
      return s;
    }
    case 'integer':
      return {
        type: 'integer',
        ...(t.minimum !== undefined ? { minimum: t.minimum } : {}),
        ...(t.maximum !== undefined ? { maximum: t.maximum } : {}),
        ...(t.enum ? { enum: t.enum } : {}),
        ...(t.const !== undefined ? { const: t.const } : {}),
      };
    case 'boolean':
      return { type: 'boolean', ...(t.const !== undefined ? { const: t.const } : {}) };
    case 'bytes':
      return { type: 'object', properties: { $bytes: { type: 'string' } }, required: ['$bytes'] };
    case 'cid-link':
      return {
        type: 'object',
        properties: { $link: { type: 'string', format: 'atproto-cid' } },
        required: ['$link'],
      };
    case 'blob':
      return {
        type: 'object',
        required: ['$type', 'ref', 'mimeType', 'size'],
        properties: {
          $type: { const: 'blob' },
          ref: {
            type: 'object',
            properties: { $link: { type: 'string', format: 'atproto-cid' } },
            required: ['$link'],
          },
          mimeType: { type: 'string' },
          size: { type: 'integer' },
        },
      };
    case 'unknown':
      return {};
    case 'token':
      return { type: 'string' };
    case 'record':
      return convert(t.record as Json, base);
    default:
      throw new Error(`lexicon type ${String(t.type)} in ${base} is not handled`);
  }
}

/** XRPC error answers: `{error, message?}` (atproto.com/specs/xrpc, not in the lexicons). */
const XRPC_ERROR = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, message: { type: 'string' } },
};

const operations: Json = {};
for (const nsid of methods) {
  const main = (lexicon(nsid).defs as Record<string, Json>).main!;
  const body = (io: Json | undefined): Json | undefined => {
    if (!io) return undefined;
    const encoding = String(io.encoding);
    return { [encoding]: io.schema ? convert(io.schema as Json, nsid) : {} };
  };
  const output = body(main.output as Json | undefined);
  const input = body(main.input as Json | undefined);
  operations[nsid] = {
    method: main.type === 'query' ? 'GET' : 'POST',
    path: `/xrpc/${nsid}`,
    ...(main.parameters ? { query: convert(main.parameters as Json, nsid) } : {}),
    ...(input ? { body: input, bodyRequired: true } : {}),
    responses: {
      200: output ?? {},
      '4XX': { 'application/json': { $ref: '#/components/schemas/xrpc.error' } },
      '5XX': { 'application/json': { $ref: '#/components/schemas/xrpc.error' } },
    },
  };
}
schemas['xrpc.error'] = XRPC_ERROR;
for (const r of records) refTo(r, r);
while (pending.length) {
  const next = pending.shift()!;
  const def = (lexicon(next.nsid).defs as Record<string, Json>)[next.def];
  if (!def) throw new Error(`no ${next.def} in ${next.nsid}`);
  schemas[next.key] = convert(def, next.nsid);
}
// A repository write's record is checked against the record lexicons we write.
for (const op of Object.values(operations) as Json[]) {
  const record = ((op.body as Json | undefined)?.['application/json'] as Json | undefined)?.properties as
    | Json
    | undefined;
  if (!record || !('record' in record)) continue;
  record.record = {
    type: 'object',
    required: ['$type'],
    anyOf: [
      ...records.map((r) => ({
        allOf: [{ $ref: `#/components/schemas/${r}` }, { properties: { $type: { const: r } } }],
      })),
      {
        properties: { $type: { type: 'string', not: { enum: records } } },
        additionalProperties: true,
      },
    ],
  };
}

const contract = {
  platform: 'bluesky',
  source: {
    description: 'AT Protocol lexicons, converted to JSON Schema by scripts/contract-lexicons.ts',
    repository: 'bluesky-social/atproto',
    path: 'lexicons/',
    revision: args.revision,
    version: `lexicon 1 @ ${args.revision.slice(0, 7)}`,
    records,
  },
  ...(previous?.notes ? { notes: previous.notes } : {}),
  operations,
  ...(previous?.outside ? { outside: previous.outside } : {}),
  ...(previous?.undescribed ? { undescribed: previous.undescribed } : {}),
  components: {
    schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
  },
};
writeFileSync(out, `${JSON.stringify(contract, null, 2)}\n`);
process.stdout.write(
  `${out.pathname}: ${Object.keys(operations).length} operations, ${Object.keys(schemas).length} schemas\n`,
);
