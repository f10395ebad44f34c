/**
 * Schema-driven fuzzing of one route (test/route-fuzz.test.ts runs a few hundred
 * cases per route, bench/fuzz.ts many more): valid requests drawn from the route's
 * schemas, the same broken in one place, bodies that are not JSON, nested
 * thousands deep, larger than the limit or sent with another content type, and
 * query strings with unknown, repeated or oversized parameters, and lone UTF-16
 * surrogates in a body's values and keys, a query value and a path parameter. Never a 5xx the
 * route does not document; a refused request changes nothing (every table's row
 * count, the record the path names, and the other project's rows).
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { type AnyRoute, errorFamilyForPath } from '../src/http/route.ts';
import type { Simulator } from '../src/simulator/index.ts';
import type { TestService } from './harness.ts';
import {
  fixtureMaker,
  type Project,
  projectRows,
  recordOf,
  rowCounts,
  tableNames,
  unknownId,
} from './route-fixtures.ts';
import { type IdKind, type IdMaker, requestUrl, routeName, sampleRequest } from './route-table.ts';
import { deepJson, mutationOf, validOf } from './schema-arbitrary.ts';

/** The service the fuzzer runs against. */
export const FUZZ_SETTINGS = {
  // The api role alone: no worker changes rows between a request and the comparison after it.
  ROLE: 'api',
  // Publish-now answers at once instead of waiting for a worker that is not there.
  PUBLISH_WAIT_MS: '0',
  MONTHLY_CREDITS: '100000',
} as const;

export interface FuzzEnv {
  t: TestService;
  sim: Simulator;
  own: Project;
  other: Project;
  /** Makes the other project's records (shared across routes). */
  theirs: IdMaker;
}

export interface FuzzStats {
  cases: number;
  refused: number;
  byStatus: Record<number, number>;
}

interface Case {
  label: string;
  params: Record<string, unknown>;
  query: Record<string, unknown> | string;
  payload?: string;
  contentType?: string;
  /** A path parameter whose value becomes the %-escaped bytes of a lone surrogate. */
  surrogateParam?: { name: string; escaped: string };
}

/**
 * Lone UTF-16 surrogates: in JSON text as `\ud800` escapes; in a URL only as the
 * %-escaped bytes of their CESU-8 form (a URL's text is UTF-8, which has no
 * encoding for them), the way a client that encodes UTF-16 naively sends one.
 */
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];
const SURROGATES_IN_URL = ['%ED%A0%80', '%ED%AF%BF', '%ED%B0%80', '%ED%BF%BF'];

/** `value` with a lone surrogate put into one of its strings or keys (`at` picks which, and where). */
function withLoneSurrogate(value: unknown, at: number, surrogate: string): unknown {
  const slots: { holder: Record<string, unknown> | unknown[]; key: string; isKey: boolean }[] = [];
  const root = { value: structuredClone(value) as unknown };
  const stack: [Record<string, unknown> | unknown[], string][] = [[root as Record<string, unknown>, 'value']];
  while (stack.length) {
    const [holder, key] = stack.pop() as [Record<string, unknown> | unknown[], string];
    const v = (holder as Record<string, unknown>)[key];
    if (typeof v === 'string') slots.push({ holder, key, isKey: false });
    else if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v)) {
        if (!Array.isArray(v)) slots.push({ holder: v as Record<string, unknown>, key: k, isKey: true });
        stack.push([v as Record<string, unknown>, k]);
      }
    }
  }
  const slot = slots[at % Math.max(1, slots.length)];
  if (!slot) return typeof value === 'string' ? `${value}${surrogate}` : value;
  const h = slot.holder as Record<string, unknown>;
  if (slot.isKey) {
    h[`${slot.key}${surrogate}`] = h[slot.key];
    delete h[slot.key];
  } else {
    const s = h[slot.key] as string;
    const cut = at % (s.length + 1);
    h[slot.key] = `${s.slice(0, cut)}${surrogate}${s.slice(cut)}`;
  }
  return root.value;
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
];

function queryString(q: Record<string, unknown> | string): string {
  if (typeof q === 'string') return q;
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v])
      out.append(k, typeof one === 'string' ? one : JSON.stringify(one));
  }
  return out.toString();
}

/** The cases of one route: its body and query drawn valid, broken, or sent the wrong way. */
async function casesFor(
  route: AnyRoute,
  env: FuzzEnv,
): Promise<{ cases: fc.Arbitrary<Case>; paths: { kind: IdKind; name: string }[] }> {
  const mine = fixtureMaker(env.t, env.sim, env.own);
  const sample = await sampleRequest(route, mine);
  const pool = new Map<IdKind, string[]>();
  for (const slot of sample.slots) {
    const own = await mine(slot.kind, slot.platform);
    const list = pool.get(slot.kind) ?? [];
    list.push(own, own, own, await env.theirs(slot.kind, slot.platform), unknownId(slot.kind));
    pool.set(slot.kind, list);
  }
  const ids = (kind: IdKind) => pool.get(kind) ?? [unknownId(kind)];
  const arb = (part: 'params' | 'query' | 'body', s: unknown) => validOf(s, '', { route, part, ids });
  const params = route.params
    ? fc.oneof(
        { weight: 6, arbitrary: fc.constant(sample.params) },
        { weight: 1, arbitrary: arb('params', route.params) },
      )
    : fc.constant({});
  // Weighted: mostly valid and broken-in-one-place requests, now and then the costly ones (a 1 MiB body).
  const parts: fc.WeightedArbitrary<Omit<Case, 'params'>>[] = [];
  const w = (weight: number, arbitrary: fc.Arbitrary<Omit<Case, 'params'>>) => ({ weight, arbitrary });
  if (route.query) {
    // The sample request (accepted as far as the schema goes) and requests drawn from the schema.
    const valid = fc.oneof(fc.constant(sample.query), arb('query', route.query)) as fc.Arbitrary<
      Record<string, unknown>
    >;
    parts.push(
      w(
        12,
        valid.map((query) => ({ label: 'valid query', query })),
      ),
      w(
        15,
        mutationOf(valid).map((q) => ({
          label: 'broken query',
          query:
            q && typeof q === 'object' && !Array.isArray(q)
              ? (q as Record<string, unknown>)
              : (JSON.stringify(q) ?? ''),
        })),
      ),
      w(
        3,
        fc.string({ maxLength: 200 }).map((s) => ({ label: 'raw query', query: s })),
      ),
      w(
        3,
        fc.tuple(valid, fc.nat(), fc.constantFrom(...SURROGATES_IN_URL)).map(([q, at, escaped]) => {
          const pairs = queryString(q).split('&').filter(Boolean);
          const i = at % Math.max(1, pairs.length);
          const [k, v = ''] = (pairs[i] ?? 'q=').split('=');
          pairs[i] = `${k}=${v}${escaped}`;
          return { label: 'lone surrogate in a query value', query: pairs.join('&') };
        }),
      ),
      w(
        6,
        fc
          .tuple(valid, fc.string({ minLength: 1, maxLength: 20 }), fc.string({ maxLength: 3000 }))
          .map(([q, k, v]) => ({
            label: 'unknown or repeated parameter',
            query: `${queryString(q)}&${encodeURIComponent(k)}=${encodeURIComponent(v)}&${queryString(q)}`,
          })),
      ),
    );
  }
  if (route.body) {
    const valid = fc.oneof(fc.constant(sample.body), arb('body', route.body));
    const sampleQuery = sample.query;
    const json = (label: string, a: fc.Arbitrary<unknown>) =>
      a.map((b) => ({ label, query: sampleQuery, payload: b === undefined ? '' : JSON.stringify(b) }));
    parts.push(
      w(18, json('valid body', valid)),
      w(24, json('broken body', mutationOf(valid))),
      w(3, json('any JSON', fc.jsonValue({ maxDepth: 4 }))),
      w(
        4,
        json(
          'lone surrogate in a body value or key',
          fc
            .tuple(valid, fc.nat(), fc.constantFrom(...LONE_SURROGATES))
            .map(([b, at, s]) => withLoneSurrogate(b, at, s)),
        ),
      ),
      w(
        3,
        fc.string({ maxLength: 300 }).map((payload) => ({ label: 'not JSON', query: sampleQuery, payload })),
      ),
      w(
        3,
        deepJson.map((payload) => ({ label: 'deeply nested', query: sampleQuery, payload })),
      ),
      w(
        3,
        fc.tuple(valid, fc.constantFrom(...CONTENT_TYPES)).map(([b, contentType]) => ({
          label: `sent as ${contentType}`,
          query: sampleQuery,
          payload: JSON.stringify(b),
          contentType,
        })),
      ),
      w(
        1,
        fc.constant(env.t.ctx.config.BODY_LIMIT_BYTES).map((limit) => ({
          label: 'larger than the body limit',
          query: sampleQuery,
          payload: JSON.stringify({ content: 'a'.repeat(limit) }),
        })),
      ),
    );
  }
  const paths = Object.keys(sample.params).flatMap((name) => {
    const slot = sample.slots.find((s) => s.part === 'params' && s.path[0] === name);
    return slot ? [{ kind: slot.kind, name }] : [];
  });
  // Now and then one path parameter is a lone surrogate's %-escaped bytes.
  const names = Object.keys(sample.params);
  const surrogateParam =
    names.length > 0
      ? fc.option(
          fc
            .tuple(fc.constantFrom(...names), fc.constantFrom(...SURROGATES_IN_URL))
            .map(([name, escaped]) => ({ name, escaped })),
          { freq: 12 },
        )
      : fc.constant(null);
  return {
    cases: fc.tuple(params, fc.oneof(...parts), surrogateParam).map(([p, rest, sp]) => ({
      ...rest,
      params: p as Record<string, unknown>,
      ...(sp
        ? { surrogateParam: sp, label: `${rest.label}, lone surrogate in path parameter ${sp.name}` }
        : {}),
    })),
    paths,
  };
}

/** Stands for a path parameter's value until its %-escaped surrogate replaces it in the URL. */
const SURROGATE_MARK = 'lone-surrogate-mark';

/** Runs `runs` cases against `route`; throws naming the route and the case when a rule breaks. */
export async function fuzzRoute(
  route: AnyRoute,
  env: FuzzEnv,
  runs: number,
  seed: number,
): Promise<FuzzStats> {
  const { t } = env;
  const server = t.service.server!;
  const { cases, paths } = await casesFor(route, env);
  // A refused sign-in is meant to write one thing: its failure count (the lockout,
  // src/domain/teams/lockout.ts). Every other table must stay as it was.
  const tables = (await tableNames(t.ctx)).filter((name) => name !== 'sign_in_failures');
  const theirRows = await projectRows(t.ctx, env.other.projectId);
  const stats: FuzzStats = { cases: 0, refused: 0, byStatus: {} };
  const family = errorFamilyForPath(route.url);
  const documented = new Set<number>(route.errors ?? []);
  let known: Record<string, number> | null = null;
  const property = fc.asyncProperty(cases, async (c: Case) => {
    const sp = c.surrogateParam;
    const path = sp
      ? requestUrl(route, { ...c.params, [sp.name]: SURROGATE_MARK }, {}).replace(SURROGATE_MARK, sp.escaped)
      : requestUrl(route, c.params, {});
    const qs = queryString(c.query);
    const url = qs ? `${path}?${qs}` : path;
    const records = await Promise.all(paths.map((p) => recordOf(t.ctx, p.kind, String(c.params[p.name]))));
    // The counts after a refused case are the counts before the next one: read again only after a change.
    const counts = known ?? (await rowCounts(t.ctx, tables));
    known = null;
    const res = await server.inject({
      method: route.method,
      url,
      headers: {
        ...(route.auth !== false ? { 'x-access-key': env.own.accessKey } : {}),
        ...(c.payload !== undefined ? { 'content-type': c.contentType ?? 'application/json' } : {}),
      },
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
    });
    stats.cases++;
    stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
    const where = `${routeName(route)} (${c.label}) ${url.slice(0, 300)} answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
    assert.ok(res.statusCode < 500 || (res.statusCode !== 500 && documented.has(res.statusCode)), where);
    if (res.statusCode < 400) return;
    stats.refused++;
    const body = JSON.parse(res.body);
    if (family === 'A') assert.ok(body.success === false && typeof body.message === 'string', where);
    else assert.ok(typeof body.error === 'string', where);
    const countsAfter = await rowCounts(t.ctx, tables);
    assert.deepEqual(countsAfter, counts, `${where}\nthe refused request changed row counts`);
    known = countsAfter;
    const after = await Promise.all(paths.map((p) => recordOf(t.ctx, p.kind, String(c.params[p.name]))));
    assert.deepEqual(after, records, `${where}\nthe refused request changed the record its path names`);
  });
  const details = await fc.check(property, { numRuns: runs, seed, endOnFailure: true });
  if (details.failed) {
    // The case itself may be megabytes (an oversized body): say which rule broke, the seed, and a bounded case.
    const cause =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      `${routeName(route)} failed on case ${details.numRuns} (seed ${seed}, FUZZ_SEED=${seed} repeats it): ${cause.slice(0, 2000)}\ncase: ${JSON.stringify(details.counterexample).slice(0, 1000)}`,
    );
  }
  assert.deepEqual(
    await projectRows(t.ctx, env.other.projectId),
    theirRows,
    `${routeName(route)}: fuzzing it changed another project's rows`,
  );
  return stats;
}
