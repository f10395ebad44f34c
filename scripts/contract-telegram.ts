/**
 * Converts PaulSonOfLars/telegram-bot-api-spec (`api.json`, generated from the Bot
 * API page https://core.telegram.org/bots/api) into the simulator's contract for
 * Telegram (src/simulator/contracts/telegram.json, format in that folder's README),
 * trimmed to the methods our adapter calls and the types they reach.
 *
 *   npm run contracts:telegram -- --from <checkout>/api.json --revision <commit>
 *
 * How the description maps to JSON Schema: a method is `POST /{bot}/<method>` (the
 * token is the path's first segment, `bot<token>`), its fields the body's properties
 * in JSON or multipart (a file is a part, named, not read), `required` as the page
 * marks them. `Integer`, `Float`, `String`, `Boolean` are their JSON types, `True` the
 * constant true, `InputFile` a string (a file part or an `attach://` name), `Array of
 * X` an array, `X or Y` anyOf; a type with subtypes (ChatMember, InputMedia...) is the
 * anyOf of them; a String field the page says is "always “x”" is the constant "x".
 * Answers are `{ok: true, result}` with the method's return type, and failures the
 * `{ok: false, error_code, description, parameters}` the page's "Making requests"
 * section describes in prose (transcribed here). Without --ops the methods already
 * in the file are taken again.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

type Json = Record<string, unknown>;
interface Field {
  name: string;
  types: string[];
  required: boolean;
  description?: string;
}
interface Spec {
  version: string;
  release_date: string;
  methods: Record<string, { name: string; href: string; returns: string[]; fields?: Field[] }>;
  types: Record<string, { name: string; fields?: Field[]; subtypes?: string[] }>;
}

const { values: args } = parseArgs({
  options: { from: { type: 'string' }, revision: { type: 'string' }, ops: { type: 'string' } },
});
if (!args.from || !args.revision) {
  process.stderr.write('usage: --from api.json --revision sha [--ops getMe,sendMessage,...]\n');
  process.exit(2);
}
const out = new URL('../src/simulator/contracts/telegram.json', import.meta.url);
const previous = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Json) : undefined;
const spec = JSON.parse(readFileSync(args.from, 'utf8')) as Spec;
const wanted = args.ops
  ? args.ops.split(',').map((s) => s.trim())
  : Object.keys((previous?.operations ?? {}) as Json);

const schemas = new Map<string, Json>();
const SCALARS: Record<string, Json> = {
  Integer: { type: 'integer' },
  Float: { type: 'number' },
  String: { type: 'string' },
  Boolean: { type: 'boolean' },
  True: { type: 'boolean', const: true },
  InputFile: { type: 'string' },
};

function typeSchema(name: string): Json {
  if (name.startsWith('Array of ')) return { type: 'array', items: typeSchema(name.slice(9)) };
  if (SCALARS[name]) return SCALARS[name];
  const type = spec.types[name];
  if (!type) throw new Error(`unknown type ${name}`);
  addType(name);
  return { $ref: `#/components/schemas/${name}` };
}

const union = (types: string[]): Json =>
  types.length === 1 ? typeSchema(types[0]!) : { anyOf: types.map(typeSchema) };

function fieldSchema(f: Field): Json {
  const s = union(f.types);
  const always = /always “([^”]+)”/.exec(f.description ?? '');
  if (always && f.types.length === 1 && f.types[0] === 'String') return { type: 'string', const: always[1] };
  return s;
}

function objectOf(fields: Field[] = []): Json {
  const required = fields.filter((f) => f.required).map((f) => f.name);
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])),
    ...(required.length ? { required } : {}),
  };
}

function addType(name: string): void {
  if (schemas.has(name)) return;
  const type = spec.types[name]!;
  schemas.set(name, {});
  schemas.set(name, type.subtypes?.length ? { anyOf: type.subtypes.map(typeSchema) } : objectOf(type.fields));
}

const failure = {
  type: 'object',
  required: ['ok', 'error_code', 'description'],
  properties: {
    ok: { type: 'boolean', const: false },
    error_code: { type: 'integer' },
    description: { type: 'string' },
    parameters: { $ref: '#/components/schemas/ResponseParameters' },
  },
};
addType('ResponseParameters');

const operations: Json = {};
for (const name of wanted) {
  const m = spec.methods[name];
  if (!m) throw new Error(`${name} is not a method of ${args.from}`);
  const body = objectOf(m.fields);
  operations[name] = {
    method: 'POST',
    path: `/{bot}/${name}`,
    pathParams: {
      type: 'object',
      required: ['bot'],
      properties: { bot: { type: 'string', pattern: '^bot.+$' } },
    },
    body: { 'application/json': body, 'multipart/form-data': body },
    ...(m.fields?.some((f) => f.required) ? { bodyRequired: true } : {}),
    responses: {
      '200': {
        'application/json': {
          type: 'object',
          required: ['ok', 'result'],
          properties: { ok: { type: 'boolean', const: true }, result: union(m.returns) },
        },
      },
      '4XX': { 'application/json': failure },
      '5XX': { 'application/json': failure },
    },
  };
}

const contract = {
  platform: 'telegram',
  source: {
    description: `Telegram Bot API (${spec.version}, ${spec.release_date}) as PaulSonOfLars/telegram-bot-api-spec scrapes it from https://core.telegram.org/bots/api, converted by scripts/contract-telegram.ts`,
    repository: 'PaulSonOfLars/telegram-bot-api-spec',
    path: 'api.json',
    revision: args.revision,
    version: spec.version,
  },
  ...(previous?.notes ? { notes: previous.notes } : {}),
  operations,
  ...(previous?.outside ? { outside: previous.outside } : {}),
  components: { schemas: Object.fromEntries([...schemas].sort(([a], [b]) => a.localeCompare(b))) },
};
writeFileSync(out, `${JSON.stringify(contract, null, 2)}\n`);
process.stdout.write(`${out.pathname}: ${wanted.length} operations, ${schemas.size} schemas\n`);
