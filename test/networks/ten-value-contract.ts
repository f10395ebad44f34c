/**
 * What a client generated from the contract accepts: `Platform` as a closed enum of
 * the ten values (docs/openapi-conformance.md, "Platforms beyond the contract's
 * ten"). Shared by the tests that hold a project of the ten to the ten.
 */
import { compileBodyCheck } from '../../src/http/validation.ts';
import { ADDED_PLATFORMS, CONTRACT_PLATFORMS, PLATFORMS } from '../../src/platforms/names.ts';

const ADDED = new Set<string>(ADDED_PLATFORMS);
const ALL = new Set<string>(PLATFORMS);

/** Where an added platform's value appears in an answer (values and keys), as paths. */
export function addedValuesIn(value: unknown, path = '$'): string[] {
  if (typeof value === 'string') return ADDED.has(value) ? [`${path} = ${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => addedValuesIn(v, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [
      ...(ADDED.has(k) ? [`${path} has the key ${k}`] : []),
      ...addedValuesIn(v, `${path}.${k}`),
    ]);
  return [];
}

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema objects are walked generically.
export type Schema = any;

/** Is this list of values the whole platform set (the enum a Platform field has)? */
const isPlatformSet = (values: unknown): boolean =>
  Array.isArray(values) && values.length === ALL.size && values.every((v) => ALL.has(String(v)));

/** The schema as a client generated from the contract has it: every Platform enum of ten values. */
export function narrowedToContract(s: Schema): Schema {
  if (Array.isArray(s)) return s.map(narrowedToContract);
  if (!s || typeof s !== 'object') return s;
  const out: Schema = {};
  for (const [k, v] of Object.entries(s)) out[k] = narrowedToContract(v);
  if (isPlatformSet(s.enum)) out.enum = [...CONTRACT_PLATFORMS];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches) && isPlatformSet(branches.map((b: Schema) => b?.const)))
      out[key] = CONTRACT_PLATFORMS.map((p) => ({ ...branches[0], const: p }));
  }
  return out;
}

/**
 * Why an answer its own schema accepts is refused under the ten-value contract, or
 * undefined. Only what narrowing to the ten changes counts: an answer its own schema
 * refuses is another test's business (the route suites, openapi-examples).
 */
export function refusedUnderTen(schema: Schema, body: unknown): string | undefined {
  if (!compileBodyCheck(schema)(structuredClone(body))) return undefined;
  const check = compileBodyCheck(narrowedToContract(schema));
  return check(structuredClone(body)) ? undefined : JSON.stringify(check.errors);
}
