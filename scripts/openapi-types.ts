/**
 * TypeScript types from an OpenAPI 3.1 document, in the layout openapi-typescript
 * writes (`paths`, `components`, `operations`), which openapi-fetch reads. Written
 * here because openapi-typescript needs the TypeScript compiler API, which the
 * project's TypeScript 7 (the native compiler) no longer offers.
 *
 * Covers what JSON Schema in this service's document uses: $ref, const, enum,
 * oneOf/anyOf/allOf, type lists (["string", "null"]), objects with required and
 * additional properties, arrays, and the scalar types; descriptions, defaults and
 * formats become doc comments.
 */

type Schema = Record<string, unknown>;

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
// Status codes stay numeric keys: openapi-fetch picks success and error answers by number.
const key = (k: string) => (IDENT.test(k) || /^[1-9]\d*$/.test(k) ? k : JSON.stringify(k));
const pad = (depth: number) => '    '.repeat(depth);

function docComment(s: Schema, depth: number): string {
  const lines: string[] = [];
  if (typeof s.description === 'string') lines.push(...s.description.split('\n'));
  if (s.format !== undefined) lines.push(`Format: ${String(s.format)}`);
  if (s.default !== undefined) lines.push(`@default ${JSON.stringify(s.default)}`);
  if (lines.length === 0) return '';
  const body = lines.map((l) => `${pad(depth)} *${l ? ` ${l.replace(/\*\//g, '*\\/')}` : ''}`).join('\n');
  return `${pad(depth)}/**\n${body}\n${pad(depth)} */\n`;
}

function refType(ref: string): string {
  const m = /^#\/components\/schemas\/(.+)$/.exec(ref);
  if (!m) throw new Error(`unsupported $ref ${ref}`);
  return `components["schemas"][${JSON.stringify(m[1])}]`;
}

function union(types: string[]): string {
  const unique = [...new Set(types)];
  return unique.length === 1
    ? (unique[0] ?? 'unknown')
    : unique.map((t) => (t.includes('\n') ? `(${t})` : t)).join(' | ');
}

/** The TypeScript type of a schema, indented for `depth`. */
export function typeOf(schema: unknown, depth = 0): string {
  if (schema === true || schema === undefined) return 'unknown';
  if (schema === false) return 'never';
  const s = schema as Schema;
  if (typeof s.$ref === 'string') return refType(s.$ref);
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return union(s.enum.map((v) => JSON.stringify(v)));
  if (Array.isArray(s.oneOf)) return union(s.oneOf.map((x) => typeOf(x, depth)));
  if (Array.isArray(s.anyOf)) return union(s.anyOf.map((x) => typeOf(x, depth)));
  if (Array.isArray(s.allOf)) return s.allOf.map((x) => typeOf(x, depth)).join(' & ');
  if (Array.isArray(s.type)) return union(s.type.map((t) => typeOf({ ...s, type: t }, depth)));
  switch (s.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const item = typeOf(s.items, depth);
      return /^[\w"[\]]+$/.test(item) ? `${item}[]` : `(${item})[]`;
    }
    case 'object':
      return objectType(s, depth);
    default:
      return s.properties ? objectType(s, depth) : 'unknown';
  }
}

function objectType(s: Schema, depth: number): string {
  const props = (s.properties ?? {}) as Record<string, unknown>;
  const required = new Set((s.required ?? []) as string[]);
  const extra = s.additionalProperties;
  const names = Object.keys(props);
  if (names.length === 0) {
    if (extra === false) return 'Record<string, never>';
    return `{\n${pad(depth + 1)}[key: string]: ${extra && extra !== true ? typeOf(extra, depth + 1) : 'unknown'};\n${pad(depth)}}`;
  }
  const lines = names.map((n) => {
    const p = props[n] as Schema;
    return `${docComment(p, depth + 1)}${pad(depth + 1)}${key(n)}${required.has(n) ? '' : '?'}: ${typeOf(p, depth + 1)};`;
  });
  if (extra && extra !== false)
    lines.push(`${pad(depth + 1)}[key: string]: ${extra === true ? 'unknown' : typeOf(extra, depth + 1)};`);
  return `{\n${lines.join('\n')}\n${pad(depth)}}`;
}

interface Parameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function parametersType(params: Parameter[], depth: number): string {
  const places = ['query', 'header', 'path', 'cookie'] as const;
  const lines = places.map((place) => {
    const here = params.filter((p) => p.in === place);
    if (here.length === 0) return `${pad(depth + 1)}${place}?: never;`;
    // A parameter with a default is the client's to leave out, though the server always has a value.
    const needed = (p: Parameter) => p.required === true && p.schema?.default === undefined;
    const anyRequired = here.some(needed);
    const fields = here
      .map((p) => {
        const doc = docComment(
          { ...(p.schema ?? {}), description: p.description ?? p.schema?.description },
          depth + 2,
        );
        return `${doc}${pad(depth + 2)}${key(p.name)}${needed(p) ? '' : '?'}: ${typeOf(p.schema, depth + 2)};`;
      })
      .join('\n');
    return `${pad(depth + 1)}${place}${anyRequired ? '' : '?'}: {\n${fields}\n${pad(depth + 1)}};`;
  });
  return `{\n${lines.join('\n')}\n${pad(depth)}}`;
}

function operationType(op: Operation, depth: number): string {
  const out: string[] = [];
  out.push(`${pad(depth + 1)}parameters: ${parametersType(op.parameters ?? [], depth + 1)};`);
  const body = op.requestBody?.content?.['application/json']?.schema;
  if (body)
    out.push(
      `${pad(depth + 1)}requestBody${op.requestBody?.required ? '' : '?'}: {\n${pad(depth + 2)}content: {\n${pad(depth + 3)}"application/json": ${typeOf(body, depth + 3)};\n${pad(depth + 2)}};\n${pad(depth + 1)}};`,
    );
  else out.push(`${pad(depth + 1)}requestBody?: never;`);
  const responses = Object.entries(op.responses ?? {}).map(([status, r]) => {
    const media = r.content?.['application/json'];
    const content = media
      ? `{\n${pad(depth + 4)}"application/json": ${typeOf(media.schema, depth + 4)};\n${pad(depth + 3)}}`
      : 'never';
    const doc = r.description ? docComment({ description: r.description }, depth + 2) : '';
    return `${doc}${pad(depth + 2)}${key(status)}: {\n${pad(depth + 3)}headers: {\n${pad(depth + 4)}[name: string]: unknown;\n${pad(depth + 3)}};\n${pad(depth + 3)}content: ${content};\n${pad(depth + 2)}};`;
  });
  out.push(`${pad(depth + 1)}responses: {\n${responses.join('\n')}\n${pad(depth + 1)}};`);
  return `{\n${out.join('\n')}\n${pad(depth)}}`;
}

/** The whole declaration file for a document. */
export function generateTypes(doc: {
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components?: { schemas?: Record<string, unknown> };
}): string {
  const paths = Object.entries(doc.paths ?? {}).map(([path, item]) => {
    const methods = METHODS.filter((m) => item[m]).map((m) => {
      const op = item[m] as Operation;
      const doc = docComment(
        { description: [op.summary, op.description].filter(Boolean).join('\n\n') || undefined },
        2,
      );
      return `${doc}${pad(2)}${m}: ${operationType(op, 2)};`;
    });
    return `${pad(1)}${JSON.stringify(path)}: {\n${methods.join('\n')}\n${pad(1)}};`;
  });
  const schemas = Object.entries(doc.components?.schemas ?? {}).map(
    ([name, s]) => `${docComment(s as Schema, 2)}${pad(2)}${key(name)}: ${typeOf(s, 2)};`,
  );
  return [
    '/**',
    " * Generated from the service's OpenAPI document by `npm run client:generate`: do not edit.",
    ' * `npm run client:check` (run in CI) fails when this file no longer matches the document.',
    ' */',
    '',
    `export interface paths {\n${paths.join('\n')}\n}`,
    '',
    'export type webhooks = Record<string, never>;',
    '',
    `export interface components {\n${pad(1)}schemas: {\n${schemas.join('\n')}\n${pad(1)}};\n${pad(1)}responses: never;\n${pad(1)}parameters: never;\n${pad(1)}requestBodies: never;\n${pad(1)}headers: never;\n${pad(1)}pathItems: never;\n}`,
    '',
    'export type $defs = Record<string, never>;',
    '',
    'export type operations = Record<string, never>;',
    '',
  ].join('\n');
}
