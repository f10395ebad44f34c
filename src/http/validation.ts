/**
 * Request validation. Bodies are checked strictly (no type coercion, unknown
 * properties refused, every problem reported); query strings and path parameters
 * are coerced from text. Validator errors are rewritten into messages that name
 * the field the way a caller wrote it: `platforms[1].platformSpecificData.boardId is required`.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { isPlainBody } from './json-body.ts';

// ajv-formats is published as CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function makeAjv(coerceTypes: boolean | 'array'): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
    messages: false,
  });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv('array');

/**
 * The first value the schemas let through that the service can not take, as
 * `{keyword, instancePath}`; null when there is none. A NUL character (U+0000),
 * in a value or a key: PostgreSQL can not store it in text. A lone UTF-16
 * surrogate (a `\ud800` escape without its pair), in a value or a key: it is not
 * Unicode text, so it can be neither stored as UTF-8 nor put in a URL
 * (encodeURIComponent throws). A number beyond ±2^53: it is no longer exact, and
 * SQLite refuses 1e308 as a LIMIT or OFFSET. All are refused as invalid input, for
 * bodies, query strings and path parameters alike, rather than failing later.
 */
export function unsafeInputAt(input: unknown): { keyword: string; instancePath: string } | null {
  // Iterative: a value nested thousands deep must not overflow the stack here. Each
  // pending value keeps its parent's entry and its own key; the JSON pointer is only
  // spelled out for the value refused, so a good body (every body, nearly) builds none.
  type Entry = { value: unknown; key: string; parent: Entry | null };
  const pointer = (e: Entry): string => {
    const keys: string[] = [];
    for (let at: Entry | null = e; at?.parent; at = at.parent)
      keys.push(at.key.replace(/~/g, '~0').replace(/\//g, '~1'));
    return keys
      .reverse()
      .map((k) => `/${k}`)
      .join('');
  };
  const pending: Entry[] = [{ value: input, key: '', parent: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const value = next.value;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { keyword: 'nul', instancePath: pointer(next) };
      if (!value.isWellFormed()) return { keyword: 'loneSurrogate', instancePath: pointer(next) };
    } else if (typeof value === 'number') {
      if (Math.abs(value) > Number.MAX_SAFE_INTEGER)
        return { keyword: 'unsafeNumber', instancePath: pointer(next) };
    } else if (value !== null && typeof value === 'object') {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        const entry: Entry = { value: (value as Record<string, unknown>)[key], key, parent: next };
        if (key.includes('\u0000')) return { keyword: 'nul', instancePath: pointer(entry) };
        if (!key.isWellFormed()) return { keyword: 'loneSurrogate', instancePath: pointer(entry) };
        pending.push(entry);
      }
    }
  }
  return null;
}

/**
 * Fastify asks for every route's validators when the server starts; each is compiled on
 * the route's first request instead. Compiling all of them (well over a hundred routes,
 * each with a body, query, params or headers schema) was over a tenth of an api process's
 * start-up, for routes a process may never serve. Ajv keeps what it compiled, keyed by the
 * schema, so a schema shared by several routes is compiled once whichever asks first.
 */
export const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  let validate: ValidateFunction | null = null;
  const checked = ((data: unknown) => {
    validate ??= ajv.compile(schema as object) as ValidateFunction;
    // Validated first: query values are numbers only once coerced, and a refused shape needs no walk.
    const ok = validate(data);
    checked.errors = validate.errors;
    if (!ok) return false;
    if (isPlainBody(data)) return true;
    const unsafe = unsafeInputAt(data);
    if (!unsafe) return true;
    checked.errors = [{ ...unsafe, schemaPath: '', params: {} }];
    return false;
  }) as ValidateFunction;
  return checked;
};

/**
 * A body schema's check, compiled as request bodies are (for re-checking a body in parts).
 * Compiled on its first use, not when the module defining it loads: a process that never
 * takes such a body does not pay for it at start. Its `errors` are those of its last call.
 */
export function compileBodyCheck(schema: object): ValidateFunction {
  let validate: ValidateFunction | null = null;
  const check = ((data: unknown) => {
    validate ??= bodyAjv.compile(schema);
    const ok = validate(data);
    check.errors = validate.errors;
    return ok;
  }) as ValidateFunction;
  return check;
}

const PART_LABEL: Record<string, string> = {
  body: 'body',
  querystring: 'query parameter',
  params: 'path parameter',
  headers: 'header',
};

/** `/platforms/1/platformSpecificData` → `platforms[1].platformSpecificData`. */
export function fieldPath(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').slice(1);
  if (child !== undefined) parts.push(child);
  let out = '';
  for (const raw of parts) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  }
  return out;
}

function describe(err: ErrorObject, part: string): string | null {
  const p = err.params as Record<string, unknown>;
  const where = (child?: string) => {
    const path = fieldPath(err.instancePath, child);
    if (part === 'body') return path || 'body';
    return `${PART_LABEL[part] ?? part} ${path || ''}`.trim();
  };
  switch (err.keyword) {
    case 'required':
      return `${where(String(p.missingProperty))} is required`;
    case 'additionalProperties':
      return `${where(String(p.additionalProperty))} is not allowed`;
    case 'type':
      return `${where()} must be ${article(String(p.type))}`;
    case 'enum':
      return `${where()} must be one of ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `${where()} must be ${JSON.stringify(p.allowedValue)}`;
    case 'minLength':
      return Number(p.limit) === 1
        ? `${where()} must not be empty`
        : `${where()} must be at least ${p.limit} characters`;
    case 'maxLength':
      return `${where()} must be at most ${p.limit} characters`;
    case 'minItems':
      return `${where()} must have at least ${p.limit} ${Number(p.limit) === 1 ? 'entry' : 'entries'}`;
    case 'maxItems':
      return `${where()} must have at most ${p.limit} entries`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${where()} must be ${p.comparison} ${p.limit}`;
    case 'pattern':
      return `${where()} must match the pattern ${p.pattern}`;
    case 'format':
      return `${where()} must be a valid ${p.format}`;
    case 'multipleOf':
      return `${where()} must be a multiple of ${p.multipleOf}`;
    case 'uniqueItems':
      return `${where()} must not contain duplicates`;
    case 'nul':
      return `${where()} must not contain the NUL character (\\u0000)`;
    case 'loneSurrogate':
      return `${where()} must be valid Unicode text: it holds a lone UTF-16 surrogate (a \\ud800–\\udfff escape without its pair)`;
    case 'unsafeNumber':
      return `${where()} must be between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`;
    case 'anyOf':
    case 'oneOf':
      // The branches' own errors are more precise; this summary is only a fallback.
      return null;
    default:
      return `${where()} is invalid`;
  }
}

/** A value allowed to be one of several types fails once per type; say it once ("a string or null"). */
function mergeTypeErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const out: ErrorObject[] = [];
  const byPath = new Map<string, ErrorObject>();
  for (const err of errors) {
    if (err.keyword !== 'type') {
      out.push(err);
      continue;
    }
    const seen = byPath.get(err.instancePath);
    if (seen) {
      const p = seen.params as { type: string };
      p.type = `${p.type},${(err.params as { type: string }).type}`;
    } else {
      const copy = { ...err, params: { ...err.params } };
      byPath.set(err.instancePath, copy);
      out.push(copy);
    }
  }
  return out;
}

function article(type: string): string {
  if (type.includes(','))
    return type
      .split(',')
      .map(article)
      .join(' or ')
      .replace(/a null/g, 'null');
  const t = type.replace(/,/g, ' or ');
  return t === 'integer' ? 'an integer' : t === 'object' || t === 'array' ? `an ${t}` : `a ${t}`;
}

/** One readable message listing every distinct problem. */
export function formatValidationErrors(errors: readonly ErrorObject[], part: string): string {
  const messages: string[] = [];
  for (const err of mergeTypeErrors(errors)) {
    const m = describe(err, part);
    if (m && !messages.includes(m)) messages.push(m);
  }
  if (messages.length === 0) messages.push(`${PART_LABEL[part] ?? part} is invalid`);
  return messages.join('; ');
}
