/**
 * The JSON body parser. Beside syntax, it refuses keys that could reach an
 * object's prototype when a body is copied or merged (`__proto__`, and a
 * `constructor` holding `prototype`), and says so by name: a client that sent
 * one learns exactly what to remove instead of reading that its JSON is invalid.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

interface Forbidden {
  key: string;
  path: string;
}

/** The first prototype-reaching key in a parsed body, walked without recursion (bodies may nest deeply). */
function forbiddenKey(root: unknown): Forbidden | null {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length) {
    const [value, path] = stack.pop() as [unknown, string];
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}[${i}]`]);
      continue;
    }
    const obj = value as Record<string, unknown>;
    for (const key of Object.keys(obj)) {
      const at = path ? `${path}.${key}` : key;
      if (key === '__proto__') return { key, path: at };
      const child = obj[key];
      if (key === 'constructor' && child !== null && typeof child === 'object' && 'prototype' in child)
        return { key: 'constructor.prototype', path: `${at}.prototype` };
      stack.push([child, at]);
    }
  }
  return null;
}

/**
 * Text whose parsed value may hold something a walk must find: a prototype key (by
 * name, or spelled with a \u escape), a NUL (JSON text can only carry it escaped) or
 * a number beyond 2^53 (16 digits in a row, or an exponent). Most bodies match none:
 * their value skips both walks, this parser's and the validator's (unsafeInputAt).
 */
const MAY_NEED_WALK = /\\u|__proto__|constructor|\d{16}|\d[eE][+-]?\d/;
/** Parsed bodies whose text matched none of MAY_NEED_WALK. */
const plainBodies = new WeakSet<object>();

/** Whether `value` is a body parsed from text that can not hold an unsafe key, NUL or number. */
export const isPlainBody = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && plainBodies.has(value);

export function parseJsonBody(text: string): unknown {
  if (text === '')
    throw new AppError('invalid', 'Body must not be empty when Content-Type is application/json');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('invalid', 'Body is not valid JSON');
  }
  if (!MAY_NEED_WALK.test(text)) {
    if (typeof value === 'object' && value !== null) plainBodies.add(value);
    return value;
  }
  const bad = forbiddenKey(value);
  if (bad) {
    throw new AppError(
      'invalid',
      `body.${bad.path}: the key "${bad.key}" is not allowed in a request body; remove it`,
    );
  }
  return value;
}

/** Replaces Fastify's JSON parser with parseJsonBody (the body size limit still applies before parsing). */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
