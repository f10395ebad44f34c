/**
 * Writes the simulator's Threads contract (src/simulator/contracts/threads.json)
 * from Meta's Threads API Postman collection (fbsamples/threads_api,
 * `postman/threads-api.postman_collection.json`). The collection is not a schema:
 * it has example requests (their parameter names) and example answers, and its
 * variables list the fields of a post, a container and the quota. So:
 * - parameters: every name the collection's requests to that operation use, as
 *   strings (Graph takes them from the query or the body alike);
 * - answers: the fields of the example answers, typed by their example values, and
 *   the field lists (`fields_threads`, `fields_container`, `fields_quota`) for the
 *   fields an example does not show (any type). Objects are closed over those names.
 *
 *   npm run contracts:threads -- --from <checkout>/postman/threads-api.postman_collection.json \
 *     --revision <commit>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

type Json = Record<string, unknown>;

const { values: args } = parseArgs({ options: { from: { type: 'string' }, revision: { type: 'string' } } });
if (!args.from || !args.revision) {
  process.stderr.write('usage: --from <collection.json> --revision <commit>\n');
  process.exit(2);
}

interface Item {
  name: string;
  request: { method: string; url: { raw: string; query?: { key: string }[] } };
  response?: { body?: string }[];
}
const collection = JSON.parse(readFileSync(args.from, 'utf8')) as { item: unknown[]; variable?: Json[] };
const items: Item[] = [];
const walk = (list: unknown[]) => {
  for (const it of list as (Item & { item?: unknown[] })[]) {
    if (it.item) walk(it.item);
    else items.push(it);
  }
};
walk(collection.item);
const variables = new Map((collection.variable ?? []).map((v) => [String(v.key), String(v.value ?? '')]));
/** Top-level names of a Graph fields list (`a,b{c,d},e` → a, b, e). */
const fieldNames = (list: string): string[] => {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of `${list},`) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      if (cur.trim()) out.push(cur.trim().replace(/\{.*$/s, ''));
      cur = '';
    } else cur += ch;
  }
  return out;
};

/** A JSON Schema of an example value: its type, objects closed over the example's names. */
function exampleSchema(v: unknown): Json {
  if (Array.isArray(v)) return { type: 'array', items: v.length ? exampleSchema(v[0]) : {} };
  if (v === null) return {};
  if (typeof v === 'object') {
    const properties: Json = {};
    for (const [k, x] of Object.entries(v as Json)) properties[k] = exampleSchema(x);
    return { type: 'object', properties };
  }
  if (typeof v === 'number') return { type: 'number' };
  if (typeof v === 'boolean') return { type: 'boolean' };
  return { type: 'string' };
}

/** Adds the names of a fields list the example does not show (any type). */
const withFields = (schema: Json, names: string[]): Json => {
  const properties = { ...((schema.properties as Json | undefined) ?? {}) };
  for (const n of names) properties[n] ??= {};
  return { ...schema, type: 'object', properties };
};

interface Wanted {
  id: string;
  method: string;
  path: string;
  /** Collection request names (their parameters are the operation's). */
  requests: string[];
  /** Shape of the answer built from the example (and a fields list). */
  answer: (example: unknown) => Json;
}

const item = (name: string): Item => {
  const it = items.find((i) => i.name === name);
  if (!it) throw new Error(`the collection has no request "${name}"`);
  return it;
};
const example = (name: string): unknown => JSON.parse(item(name).response?.[0]?.body ?? 'null');
const listOf = (schema: Json): Json => ({
  type: 'object',
  properties: { data: { type: 'array', items: schema }, paging: { type: 'object' } },
  required: ['data'],
});
const post = () =>
  withFields(
    exampleSchema(example('Get Threads Post Details')),
    fieldNames(variables.get('fields_threads') ?? ''),
  );
const container = () =>
  withFields(
    exampleSchema(example("Check Container's Publishing Status")),
    fieldNames(variables.get('fields_container') ?? ''),
  );

const WANTED: Wanted[] = [
  {
    id: 'user.threads.create',
    method: 'POST',
    path: '/{version}/{user-id}/threads',
    requests: [
      '1.1 Create Text Container',
      '1.2 Create Image Container',
      '1.3 Create Video Container',
      '1.1 Create an Image Item Container',
      '1.2 Create a Video Item Container',
      '2. Create a Carousel Container',
      '1. Create Media Container',
    ],
    answer: () => exampleSchema(example('1.2 Create Image Container')),
  },
  {
    id: 'user.threads_publish',
    method: 'POST',
    path: '/{version}/{user-id}/threads_publish',
    requests: ['2. Publish Threads Post'],
    answer: () => exampleSchema(example('2. Publish Threads Post')),
  },
  {
    id: 'user.threads.list',
    method: 'GET',
    path: '/{version}/{user-id}/threads',
    requests: ["Get a List of All a User's Threads"],
    answer: () => listOf(post()),
  },
  {
    id: 'object.read',
    method: 'GET',
    path: '/{version}/{object-id}',
    requests: ['Get Threads Post Details', "Check Container's Publishing Status"],
    // A post read and a container read share the path: either's fields.
    answer: () => withFields(post(), Object.keys((container().properties as Json) ?? {})),
  },
  {
    id: 'object.insights',
    method: 'GET',
    path: '/{version}/{object-id}/insights',
    requests: ['Get Post Insights'],
    answer: () => exampleSchema(example('Get Post Insights')),
  },
  {
    id: 'user.threads_publishing_limit',
    method: 'GET',
    path: '/{version}/{user-id}/threads_publishing_limit',
    requests: ['Retrieve Publishing Quota Limit'],
    answer: () => {
      const schema = exampleSchema(example('Retrieve Publishing Quota Limit'));
      const row = ((schema.properties as Json).data as Json).items as Json;
      return listOf(withFields(row, fieldNames(variables.get('fields_quota') ?? '')));
    },
  },
  {
    // Replies of a post (Reply Management), fields as the collection asks them.
    id: 'object.replies',
    method: 'GET',
    path: '/{version}/{object-id}/replies',
    requests: ['Get Threads Replies'],
    answer: () => {
      const schema = exampleSchema(example('Get Threads Replies'));
      const row = ((schema.properties as Json).data as Json).items as Json;
      return listOf(withFields(row, fieldNames(variables.get('fields_replies') ?? '')));
    },
  },
  {
    id: 'reply.manage',
    method: 'POST',
    path: '/{version}/{reply-id}/manage_reply',
    requests: ['Hide Replies'],
    answer: () => exampleSchema(example('Hide Replies')),
  },
  {
    // The code exchange (Authorization): on the graph host, without a version.
    id: 'oauth.accessToken',
    method: 'POST',
    path: '/oauth/access_token',
    requests: ['Exchange the Code For a Token'],
    answer: () => exampleSchema(example('Exchange the Code For a Token')),
  },
  {
    id: 'oauth.longLivedToken',
    method: 'GET',
    path: '/access_token',
    requests: ['Get Long-Lived Access Token'],
    answer: () => exampleSchema(example('Get Long-Lived Access Token')),
  },
  {
    // The collection's refresh has no example answer: the long-lived one's, as the page says.
    id: 'oauth.refreshToken',
    method: 'GET',
    path: '/refresh_access_token',
    requests: ['Refresh Access Token'],
    answer: () => exampleSchema(example('Get Long-Lived Access Token')),
  },
  {
    id: 'object.delete',
    method: 'DELETE',
    path: '/{version}/{object-id}',
    requests: ['Delete Threads Post'],
    answer: () => exampleSchema(example('Delete Threads Post')),
  },
];

const GRAPH_ERROR = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['message', 'code'],
      properties: {
        message: { type: 'string' },
        type: { type: 'string' },
        code: { type: 'integer' },
        error_subcode: { type: 'integer' },
        error_user_title: { type: 'string' },
        error_user_msg: { type: 'string' },
        is_transient: { type: 'boolean' },
        fbtrace_id: { type: 'string' },
      },
    },
  },
};

const operations: Json = {};
for (const w of WANTED) {
  const properties: Json = { access_token: { type: 'string' } };
  for (const name of w.requests)
    for (const q of item(name).request.url.query ?? []) properties[q.key] = { type: 'string' };
  operations[w.id] = {
    method: w.method,
    path: w.path,
    paramsAnywhere: true,
    query: { type: 'object', properties },
    responses: {
      200: { 'application/json': w.answer(undefined) },
      '4XX': { 'application/json': { $ref: '#/components/schemas/GraphError' } },
      '5XX': { 'application/json': { $ref: '#/components/schemas/GraphError' } },
    },
  };
}

const out = new URL('../src/simulator/contracts/threads.json', import.meta.url);
let previous: Json = {};
try {
  previous = JSON.parse(readFileSync(out, 'utf8')) as Json;
} catch {
  // A first run.
}
const contract = {
  platform: 'threads',
  source: {
    description:
      "Meta's Threads API Postman collection (example requests and answers), converted by scripts/contract-threads.ts",
    repository: 'fbsamples/threads_api',
    path: 'postman/threads-api.postman_collection.json',
    revision: args.revision,
    version: 'Threads API v1.0',
  },
  ...(previous.notes ? { notes: previous.notes } : {}),
  ...(previous.outside ? { outside: previous.outside } : {}),
  ...(previous.undescribed ? { undescribed: previous.undescribed } : {}),
  operations,
  components: { schemas: { GraphError: GRAPH_ERROR } },
};
writeFileSync(out, `${JSON.stringify(contract, null, 2)}\n`);
process.stdout.write(`${out.pathname}: ${Object.keys(operations).length} operations\n`);
