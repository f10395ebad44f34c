/**
 * Turns a platform's published schemas into closed ones: every object refuses a
 * property its schema does not name. The published documents leave objects open
 * (OpenAPI's default), which would let a misspelled or invented field pass, and
 * an invented field is exactly the belief shared by adapter and simulator that
 * the check exists to catch.
 *
 * `unevaluatedProperties: false` (JSON Schema 2020-12) is used rather than
 * `additionalProperties: false` because it sees through `allOf`/`oneOf`: the
 * branches of a combinator stay open (a branch alone describes part of the
 * object) and the node holding the combinator is closed over what its branches
 * evaluated. A `$ref` used as a branch is inlined for that reason, since
 * Ajv evaluates a referenced schema in its own scope.
 */
import type { JsonSchema } from './types.ts';

const COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'] as const;
const SUBSCHEMAS = ['items', 'additionalProperties', 'not', 'contains'] as const;
/**
 * A condition (`if`/`then`/`else`: TikTok's "required for FILE_UPLOAD") describes
 * part of the object, like a combinator's branch: left open, and the node holding
 * it closed over what it evaluated.
 */
const CONDITIONALS = ['if', 'then', 'else'] as const;

const isObject = (v: unknown): v is JsonSchema => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * @param refBase what `#/components/schemas/X` refs are rewritten to point at (the
 *   id under which the closed components are registered), e.g. `contract-twitter`.
 */
export function closeSchema(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  refBase: string,
  inBranch = false,
  inlining: readonly string[] = [],
): JsonSchema {
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  if (ref?.startsWith('#/components/schemas/')) {
    const name = ref.slice('#/components/schemas/'.length);
    const target = components[name];
    if (!target) throw new Error(`contract refers to a missing schema ${name}`);
    // A branch needs the referenced schema in place (see above); a cycle keeps the ref.
    if (inBranch && !inlining.includes(name))
      return closeSchema(target, components, refBase, true, [...inlining, name]);
    return { ...schema, $ref: `${refBase}${ref}` };
  }
  if ('nullable' in schema) {
    // OpenAPI 3.0's `nullable` as JSON Schema: null, or the schema without it.
    const { nullable, ...rest } = schema;
    const inner = closeSchema(rest, components, refBase, inBranch, inlining);
    return nullable === true ? { anyOf: [inner, { type: 'null' }] } : inner;
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(withSubtypes(schema, inBranch))) {
    if ((COMBINATORS as readonly string[]).includes(key) && Array.isArray(value)) {
      // The documents use oneOf for alternatives that overlap (Pinterest's metric
      // types: two enums sharing values), which JSON Schema's oneOf would refuse
      // for a shared value: read as anyOf.
      out[key === 'oneOf' ? 'anyOf' : key] = value.map((b) =>
        isObject(b) ? closeSchema(b, components, refBase, true, inlining) : b,
      );
    } else if ((SUBSCHEMA_MAPS as readonly string[]).includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          isObject(v) ? closeSchema(v, components, refBase, false, inlining) : v,
        ]),
      );
    } else if ((CONDITIONALS as readonly string[]).includes(key) && isObject(value)) {
      out[key] = closeSchema(value, components, refBase, true, inlining);
    } else if ((SUBSCHEMAS as readonly string[]).includes(key) && isObject(value)) {
      out[key] = closeSchema(value, components, refBase, false, inlining);
    } else out[key] = value;
  }
  // `{type: 'object'}` naming no property is a free-form map in these documents: left open.
  const objectLike =
    isObject(out.properties) || COMBINATORS.some((c) => Array.isArray(out[c])) || isObject(out.then);
  const open = 'additionalProperties' in out || 'unevaluatedProperties' in out || 'patternProperties' in out;
  if (objectLike && !open && !inBranch) out.unevaluatedProperties = false;
  return out;
}

/**
 * OpenAPI's discriminator on a base schema without `oneOf` (Pinterest's token
 * request) means "one of the mapped subtypes": spelled out here, each subtype
 * bound to its discriminator value, so the subtype's own fields are known. A
 * base inlined inside a subtype (`allOf` branch) keeps only its own fields.
 */
function withSubtypes(schema: JsonSchema, inBranch: boolean): JsonSchema {
  const d = schema.discriminator as { propertyName?: string; mapping?: Record<string, string> } | undefined;
  if (inBranch || !d?.propertyName || !d.mapping || schema.oneOf || schema.anyOf) return schema;
  const property = d.propertyName;
  return {
    ...schema,
    oneOf: Object.entries(d.mapping).map(([value, ref]) => ({
      allOf: [{ $ref: ref }, { properties: { [property]: { const: value } }, required: [property] }],
    })),
  };
}
