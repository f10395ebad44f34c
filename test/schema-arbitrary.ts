/**
 * fast-check arbitraries generated from a route's own JSON Schemas: values the
 * schema accepts (ids drawn from the fixtures the tests made, URLs on loopback
 * only), and mutations of them that break them in one place (wrong type, a field
 * removed or added, a string or number out of range, deep nesting).
 */
import fc from 'fast-check';
import type { AnyRoute } from '../src/http/route.ts';
import { FIELD_SAMPLES, type IdKind, idKindOf, type Part, type Schema } from './route-table.ts';

export interface ArbitraryEnv {
  route: AnyRoute;
  part: Part;
  /** Ids to draw for a field of `kind`: our own records, others' and ones that never existed. */
  ids(kind: IdKind): string[];
}

/** Every URL the fuzzer sends points at loopback: nothing it generates can reach another host. */
const loopbackUrl = fc
  .oneof(fc.webPath(), fc.constant('/hook'))
  .map((path) => `http://127.0.0.1:9${path.startsWith('/') ? path : `/${path}`}`);

const isUrlName = (name: string) => /ur[il]$/i.test(name);

function stringOf(s: Schema, name: string): fc.Arbitrary<string> {
  if (s.format === 'uri' || isUrlName(name)) return loopbackUrl;
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (s.format === 'email') return fc.emailAddress();
  if (typeof s.pattern === 'string') return fc.stringMatching(new RegExp(s.pattern));
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 60, Math.max(minLength, 60));
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ unit: 'grapheme', minLength, maxLength }));
}

/** Values `s` accepts; `name` is the field's name (ids, URLs and known samples are drawn by name). */
export function validOf(s: Schema, name: string, env: ArbitraryEnv): fc.Arbitrary<unknown> {
  const kind = name ? idKindOf(env.route, env.part, name) : null;
  if (kind) {
    const one = fc.constantFrom(...env.ids(kind));
    return s.type === 'array' ? fc.array(one, { minLength: 1, maxLength: 3 }) : one;
  }
  const generic = genericOf(s, name, env);
  const known = name in FIELD_SAMPLES ? FIELD_SAMPLES[name] : s.default;
  // Mostly the known good value, so that valid requests get past the rules the schema can not say.
  return known === undefined
    ? generic
    : fc.oneof({ weight: 3, arbitrary: fc.constant(known) }, { weight: 1, arbitrary: generic });
}

function genericOf(s: Schema, name: string, env: ArbitraryEnv): fc.Arbitrary<unknown> {
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  if ('const' in s) return fc.constant(s.const);
  const branches: Schema[] | undefined = s.anyOf ?? s.oneOf;
  if (Array.isArray(branches)) return fc.oneof(...branches.map((b) => validOf(b, name, env)));
  switch (s.type) {
    case 'object':
      return objectOf(s, env);
    case 'array':
      return fc.array(validOf(s.items ?? {}, '', env), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)),
      });
    case 'string':
      return stringOf(s, name);
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({
        min: s.minimum ?? -1e9,
        max: s.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(s: Schema, env: ArbitraryEnv): fc.Arbitrary<Record<string, unknown>> {
  const props: Record<string, Schema> = s.properties ?? {};
  if (Object.keys(props).length === 0)
    return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [n, p] of Object.entries(props)) model[n] = validOf(p, n, env);
  return fc.record(model, { requiredKeys: (s.required ?? []).filter((n: string) => n in props) });
}

type Path = (string | number)[];

/** Every place in a JSON value, the root included. */
function pathsOf(value: unknown, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) out.push(...pathsOf(v, [...at, i]));
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...at, k]));
  return out;
}

function setAt(
  root: unknown,
  path: Path,
  change: (v: unknown, parent: unknown, key: string | number) => unknown,
) {
  if (path.length === 0) return change(root, undefined, '');
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  const next = change(node[last], node, last);
  if (next === REMOVE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = next;
  return copy;
}

const REMOVE = Symbol('remove');

/** Ways to break one place of a value (any may happen to stay valid: the service must answer either way). */
const breaker: fc.Arbitrary<(v: unknown) => unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((j) => () => j),
  fc.constant(() => REMOVE),
  fc.constant(() => null),
  fc.tuple(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 1 })).map(
    ([k, j]) =>
      (v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v) ? { ...v, [`zz${k}`]: j } : j,
  ),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => () => 'a'.repeat(n)),
  fc
    .constantFrom(
      -1,
      0,
      1.5,
      -1e308,
      1e308,
      2 ** 53 + 1,
      '1',
      'true',
      true,
      [],
      {},
      '',
      ' ',
      '\u0000',
      '🙂'.repeat(300),
    )
    .map((x) => () => x),
  fc.integer({ min: 2, max: 60 }).map((n) => (v: unknown) => Array.from({ length: n }, () => v)),
);

/** A valid value broken in one place. */
export function mutationOf(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.nat(), breaker).map(([v, i, breakIt]) => {
    const paths = pathsOf(v);
    const path = paths[i % paths.length] ?? [];
    const out = setAt(v, path, (x) => breakIt(x));
    return out === REMOVE ? undefined : out;
  });
}

/** JSON nested `depth` levels deep, as arrays or objects. */
export const deepJson = fc
  .tuple(fc.integer({ min: 50, max: 50_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );
