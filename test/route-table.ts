/**
 * What the generated route tests (test/route-auth-isolation.test.ts, test/route-fuzz.test.ts,
 * bench/fuzz.ts) read from the route table itself: which fields of a route carry one
 * of our ids, and a request each route accepts far enough to use them. Nothing here
 * is listed per route: a route added later is covered from its schemas, and a field
 * that looks like an id but that the tests can not make fails naming the field.
 */
import type { AnyRoute } from '../src/http/route.ts';
import { PLATFORMS, type Platform } from '../src/platforms/names.ts';
import { FUTURE } from './posts-fixtures.ts';

/** The kinds of our own records a request can name; test/route-fixtures.ts makes one of each per project. */
export type IdKind =
  | 'profile'
  | 'integration'
  | 'post'
  | 'app'
  | 'notification'
  | 'delivery'
  | 'selection'
  | 'series'
  | 'media'
  | 'key'
  | 'member'
  | 'invitation'
  | 'note'
  | 'reviewLink'
  | 'reviewToken';

/**
 * How to read a field whose name says it holds an id, keyed by field name (a bare
 * `:id` or `:token` path parameter is named after the collection before it:
 * `/v1/profiles/:id` is `profileId`, `/selection/:token` is `selectionToken`).
 * Either one of our kinds, or why the field is not one of our ids.
 */
export const ID_FIELDS: Record<string, IdKind | { notOurs: string }> = {
  profileId: 'profile',
  profileIds: 'profile',
  keyId: 'key',
  integrationId: 'integration',
  accountId: 'integration',
  integrationIds: 'integration',
  postId: 'post',
  appId: 'app',
  notificationId: 'notification',
  deliveryId: 'delivery',
  selectionToken: 'selection',
  seriesId: 'series',
  objectId: {
    notOurs:
      "a filter of the audit log, matched against the project's own entries only; any id may be asked for",
  },
  mediaId: 'media',
  memberId: 'member',
  invitationId: 'invitation',
  token: {
    notOurs: 'the token of a password-reset link: the one-time link is the credential, not a record id',
  },
  invitationToken: { notOurs: 'the token of an invitation link: the one-time link is the credential' },
  chatId: { notOurs: "a Telegram chat's own id or @username, looked up at Telegram" },
  projectId: {
    notOurs:
      "a project of the signed-in person's own memberships (switch-project); an access key is refused before it is read",
  },
  noteId: 'note',
  'review-linkId': 'reviewLink',
  reviewToken: 'reviewToken',
  clientId: { notOurs: "the OAuth client id the platform issued to the customer's own app" },
  selectedAccountIds: { notOurs: 'accounts offered inside a selection token; the token is the id checked' },
  commentId: { notOurs: "a platform's comment id, reached through the integration in accountId" },
  conversationId: { notOurs: "a platform's conversation id, reached through the integration in accountId" },
  recipientId: { notOurs: "a platform's user id, reached through the integration in accountId" },
  messageId: { notOurs: "a platform's message id, reached through the integration in accountId" },
  uploadId: {
    notOurs: 'a media upload reached only through its signed URL; the signature is the credential',
  },
};

/** Names that look like ids: `id`, `…Id`, `…Ids`, `ids`, `token`. */
const ID_NAME = /^(id|ids|token)$|Ids?$/;

/** Sample values by field name for fields whose schema alone can not say what the service accepts. */
export const FIELD_SAMPLES: Record<string, unknown> = {
  scheduledFor: FUTURE,
  timezone: 'UTC',
  time: '09:30',
  // Loopback only: the tests never reach anything else, even with a webhook to test.
  url: 'http://127.0.0.1:9/hook',
  webhook: { url: 'http://127.0.0.1:9/hook' },
  redirectUri: 'https://client.example/connected',
  cancelRedirectUri: 'https://client.example/cancelled',
  content: 'Hello from the route tests',
  name: 'route-test',
  clientId: 'route-test-client',
  clientSecret: 'route-test-secret',
  recipients: ['ops@example.com'],
  // A bot token Telegram refuses: the route suites never connect an added network
  // (test/networks/strict-clients.test.ts holds a project of the ten to the ten).
  botToken: '123456:route-test-refused',
  chatId: '@route_test_chat',
  identifier: 'route-test.bsky.social',
  password: 'route-test-app-password',
  // The least role: any caller that may create keys may create this one.
  role: 'viewer',
};

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema objects are walked generically.
export type Schema = any;

export type Part = 'params' | 'query' | 'body';

export interface IdSlot {
  part: Part;
  /** Path from the part's root: `['platforms', 0, 'accountId']`. */
  path: (string | number)[];
  /** The name the ID_FIELDS table is keyed by. */
  field: string;
  kind: IdKind;
  /** The platform the id must be of (an integration for /v1/pinterest/boards is a Pinterest one). */
  platform: Platform;
  /** The field holds a list of ids. */
  list: boolean;
  /** The field may be left out (the tests leave out the other optional ids while checking one). */
  optional: boolean;
}

export interface SampleRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  slots: IdSlot[];
}

/** Makes (or reuses) a record of `kind` in the project being sampled for; answers its id. */
export type IdMaker = (kind: IdKind, platform: Platform) => Promise<string>;

export const routeName = (r: AnyRoute) => `${r.method} ${r.url}`;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const singular = (s: string) => (s.endsWith('ies') ? `${s.slice(0, -3)}y` : s.replace(/s$/, ''));

/** The ID_FIELDS key of a field: path parameters `id`/`token` take the collection's name. */
export function idFieldName(route: AnyRoute, part: Part, name: string): string {
  if (part !== 'params' || (name !== 'id' && name !== 'token')) return name;
  const segments = route.url.split('/');
  const before = segments[segments.indexOf(`:${name}`) - 1] ?? '';
  return `${singular(before)}${cap(name)}`;
}

/** The platform a route is about when its path names one (`/v1/pinterest/boards`, `/selection` of facebook). */
function platformOfPath(url: string): Platform | undefined {
  return url.split('/').find((s): s is Platform => (PLATFORMS as readonly string[]).includes(s));
}

export class MissingIdKind extends Error {}

/** Classifies a field: one of our kinds, not ours, or not an id at all; throws for an unknown id-like name. */
export function idKindOf(route: AnyRoute, part: Part, name: string): IdKind | null {
  const field = idFieldName(route, part, name);
  const entry = ID_FIELDS[field];
  if (typeof entry === 'string') return entry;
  if (entry) return null;
  if (ID_NAME.test(name))
    throw new MissingIdKind(
      `${routeName(route)}: ${part} field "${name}" (read as "${field}") looks like an id, but test/route-table.ts ID_FIELDS ` +
        'says neither which kind of record it names nor why it is not one of ours; add it there ' +
        '(and a way to make one in test/route-fixtures.ts if it is a new kind)',
    );
  return null;
}

const enumValues = (s: Schema): unknown[] | null => {
  if (Array.isArray(s.enum)) return s.enum;
  if ('const' in s) return [s.const];
  const branches = s.anyOf ?? s.oneOf;
  if (Array.isArray(branches) && branches.every((b: Schema) => 'const' in b))
    return branches.map((b: Schema) => b.const);
  return null;
};

interface Walk {
  route: AnyRoute;
  part: Part;
  slots: IdSlot[];
  ids: IdMaker;
  platform: Platform;
}

/** A value the schema accepts, with every id field filled by `ids` and recorded as a slot. */
async function sampleValue(
  s: Schema,
  name: string,
  path: (string | number)[],
  w: Walk,
  optional = false,
): Promise<unknown> {
  const kind = name ? idKindOf(w.route, w.part, name) : null;
  if (kind) {
    // A list of ids, or a nullable one (`profileIds: [...] | null`).
    const list = s.type === 'array' || (s.anyOf ?? s.oneOf ?? []).some((b: Schema) => b.type === 'array');
    w.slots.push({
      part: w.part,
      path,
      field: idFieldName(w.route, w.part, name),
      kind,
      platform: w.platform,
      list,
      optional,
    });
    const id = await w.ids(kind, w.platform);
    return list ? [id] : id;
  }
  if (name in FIELD_SAMPLES) return FIELD_SAMPLES[name];
  if (s.default !== undefined) return s.default;
  const values = enumValues(s);
  if (values) return values[0];
  const branches = s.anyOf ?? s.oneOf;
  if (Array.isArray(branches)) {
    const first = branches.find((b: Schema) => b.type !== 'null') ?? branches[0];
    return sampleValue(first, name, path, w);
  }
  switch (s.type) {
    case 'object':
      return sampleObject(s, path, w);
    case 'array': {
      const n = Math.max(1, s.minItems ?? 0);
      const out: unknown[] = [];
      for (let i = 0; i < n; i++) out.push(await sampleValue(s.items ?? {}, '', [...path, i], w));
      return out;
    }
    case 'string':
      if (s.format === 'date-time') return FIELD_SAMPLES.scheduledFor;
      if (s.format === 'uri') return FIELD_SAMPLES.url;
      if (s.format === 'email') return 'ops@example.com';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return {};
  }
}

/** Required properties, and optional ones the tests know a good value for (ids and FIELD_SAMPLES). */
async function sampleObject(s: Schema, path: (string | number)[], w: Walk): Promise<Record<string, unknown>> {
  const props: Record<string, Schema> = s.properties ?? {};
  const required = new Set<string>(s.required ?? []);
  const out: Record<string, unknown> = {};
  const names = Object.keys(props);
  // Plain fields first, so a sibling `platform` is known before the ids it qualifies.
  const isId = (n: string) => idKindOf(w.route, w.part, n) !== null;
  // An optional `platform` beside ids is taken too: it says which platform they are of.
  const qualifies = (n: string) => n === 'platform' && names.some(isId);
  for (const n of names.filter((n) => !isId(n))) {
    if (required.has(n) || n in FIELD_SAMPLES || qualifies(n))
      out[n] = await sampleValue(props[n], n, [...path, n], w);
  }
  const own = typeof out.platform === 'string' ? (out.platform as Platform) : undefined;
  for (const n of names.filter(isId)) {
    out[n] = await sampleValue(
      props[n],
      n,
      [...path, n],
      { ...w, platform: own ?? w.platform },
      !required.has(n),
    );
  }
  return out;
}

/** A request the route accepts as far as its schemas go, with the ids `ids` makes, and where those ids sit. */
export async function sampleRequest(route: AnyRoute, ids: IdMaker): Promise<SampleRequest> {
  const slots: IdSlot[] = [];
  const base = { route, slots, ids, platform: platformOfPath(route.url) ?? ('twitter' as Platform) };
  const params = route.params ? await sampleObject(route.params, [], { ...base, part: 'params' }) : {};
  const platform = typeof params.platform === 'string' ? (params.platform as Platform) : base.platform;
  const query = route.query ? await sampleObject(route.query, [], { ...base, platform, part: 'query' }) : {};
  const body = route.body
    ? await sampleValue(route.body, '', [], { ...base, platform, part: 'body' })
    : undefined;
  return { params, query, body, slots };
}

/** The URL of a request: path parameters filled in, the query string appended. */
export function requestUrl(
  route: AnyRoute,
  params: Record<string, unknown>,
  query: Record<string, unknown>,
): string {
  const path = route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v])
      qs.append(k, typeof one === 'string' ? one : JSON.stringify(one));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** A copy of `root` with the value at `path` replaced. */
export function withValue(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<
    string | number,
    unknown
  >;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  copy[head] = withValue(copy[head], rest, value);
  return copy;
}

/** A copy of `root` without the field at `path`. */
export function without(root: unknown, path: (string | number)[]): unknown {
  if (path.length === 0 || root === null || typeof root !== 'object') return root;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<
    string | number,
    unknown
  >;
  if (rest.length === 0) delete copy[head];
  else copy[head] = without(copy[head], rest);
  return copy;
}

/** True for a route whose answers depend on the caller (everything but the declared public routes). */
export const needsKey = (r: AnyRoute) => r.auth !== false;

export function hasInput(r: AnyRoute): boolean {
  return Boolean(r.body || r.query);
}
