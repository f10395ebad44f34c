/**
 * Readers of platforms' JSON answers, shared by adapters, auth modules and
 * lookups. Answers are `unknown` until read: these never throw on a wrong shape,
 * except `str` with a `what`, for the fields without which nothing can go on.
 */
import { PlatformError } from '../contract.ts';

/** A JSON object field as a string (numbers as their digits), or undefined. */
export function str(obj: unknown, key: string): string | undefined;
/**
 * A field the answer must have: a non-empty string (or a number); otherwise a
 * `permanent` PlatformError "`what` lacks `key`", since asking again will not help.
 */
export function str(obj: unknown, key: string, what: string): string;
export function str(obj: unknown, key: string, what?: string): string | undefined {
  const v = field(obj, key);
  const found = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
  if (what === undefined) return found;
  if (found) return found;
  throw new PlatformError('permanent', `${what} lacks ${key}`);
}

/** An optional string field: null when absent or empty (what account records store). */
export function optStr(obj: unknown, key: string): string | null {
  return str(obj, key) || null;
}

/** A nested object (or an empty one). */
export function obj(value: unknown, key: string): Record<string, unknown> {
  const v = field(value, key);
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** A nested array (or an empty one). */
export function arr(value: unknown, key: string): unknown[] {
  const v = field(value, key);
  return Array.isArray(v) ? v : [];
}

/** A nested JSON value by path, or undefined. */
export function pick(obj: unknown, ...path: (string | number)[]): unknown {
  let cur = obj;
  for (const key of path) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[key];
  }
  return cur;
}

function field(obj: unknown, key: string): unknown {
  return obj && typeof obj === 'object' ? (obj as Record<string, unknown>)[key] : undefined;
}
