/**
 * Fastify's response serializer factory, given once to the server (the
 * `schemaController.compilersFactory.buildSerializer` option). Fastify's own builds a
 * fast-json-stringify function for every response of every route, each handed every
 * shared schema: with 118 routes that is over a thousand builds for about a hundred
 * distinct schemas (every route repeats the same error answers, each a `$ref` to one
 * shape, and every HEAD repeats its GET), and each build validates and registers all
 * shared schemas again. That was a third of the start-up's CPU.
 *
 * Here a serializer is built once per distinct schema (with the same shared schemas
 * behind its references) and reused; each build is given only the shared schemas the
 * schema refers to, directly or through another shared schema. What a response
 * writes is the same as before: the same schema, resolved against the same schemas.
 */
import fastJsonStringify, { type Options } from 'fast-json-stringify';

type Schema = Record<string, unknown>;
type Serializer = (data: unknown) => string;

/** The `$id` part of every `$ref` in `schema` (`ErrorShapeA#` → `ErrorShapeA`); local refs (`#/…`) have none. */
function referencedIds(schema: unknown, into: Set<string>): void {
  if (Array.isArray(schema)) {
    for (const item of schema) referencedIds(item, into);
    return;
  }
  if (schema === null || typeof schema !== 'object') return;
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string') {
      const id = value.split('#')[0];
      if (id) into.add(id);
    } else if (typeof value === 'object') referencedIds(value, into);
  }
}

/**
 * The shared schemas `schema` needs, following references through them; null when a
 * reference names no shared schema by its `$id` (then the build gets them all, as
 * Fastify's own would give, and fast-json-stringify resolves or refuses it).
 */
function neededSchemas(schema: Schema, shared: Record<string, Schema>): Record<string, Schema> | null {
  const needed: Record<string, Schema> = {};
  const pending = new Set<string>();
  referencedIds(schema, pending);
  for (const id of pending) {
    if (id === schema.$id || needed[id]) continue;
    const found = shared[id];
    if (!found) return null;
    needed[id] = found;
    referencedIds(found, pending);
  }
  return needed;
}

/**
 * A shared schema's text, once per object: the same objects come to every build. (A
 * route's own schema is written out afresh each time: Fastify may still change it.)
 */
const texts = new WeakMap<object, string>();
function textOf(schema: object): string {
  let text = texts.get(schema);
  if (text === undefined) {
    text = JSON.stringify(schema);
    texts.set(schema, text);
  }
  return text;
}

/**
 * Serializers by what they were built from. One per process, not per server: a process
 * that builds several servers (the tests build one per test) builds each serializer
 * once. Bounded by the number of distinct response schemas in the code.
 */
const cache = new Map<string, Serializer>();

/** Fastify calls this with its shared schemas (by `$id`) and the `serializerOpts` server option. */
export function buildCachingSerializer(externalSchemas?: unknown, serializerOptions?: unknown) {
  const shared = (externalSchemas ?? {}) as Record<string, Schema>;
  const serializerOpts = (serializerOptions ?? {}) as Options;
  const opts = JSON.stringify(serializerOpts);
  return function compile(route: { schema?: unknown }): Serializer {
    // Built on the first answer that needs it, not when Fastify asks at start: most of a
    // process's routes answer few of their documented statuses, and many none at all
    // before the process has long been up. What it writes is the same either way.
    let serializer: Serializer | null = null;
    return (data) => {
      serializer ??= serializerFor((route.schema ?? {}) as Schema);
      return serializer(data);
    };
  };

  function serializerFor(schema: Schema): Serializer {
    // As Fastify's own does: a response schema that is itself shared is not given twice.
    const others =
      typeof schema.$id === 'string' && shared[schema.$id]
        ? Object.fromEntries(Object.entries(shared).filter(([id]) => id !== schema.$id))
        : shared;
    const needed = neededSchemas(schema, others) ?? others;
    const ids = Object.keys(needed).sort();
    const key = `${opts}\n${JSON.stringify(schema)}\n${ids.map((id) => `${id}=${textOf(needed[id] as Schema)}`).join('\n')}`;
    let serializer = cache.get(key);
    if (!serializer) {
      // fast-json-stringify's types want a typed schema; ours are plain JSON Schema objects.
      const build = fastJsonStringify as unknown as (schema: Schema, options: Options) => Serializer;
      serializer = build(schema, { ...serializerOpts, schema: needed as unknown as Options['schema'] });
      cache.set(key, serializer);
    }
    return serializer;
  }
}
