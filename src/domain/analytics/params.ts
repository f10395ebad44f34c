/** Readers of analytics query parameters: comma lists of known names, calendar dates. */
import { invalid } from '../../errors.ts';

/** A comma-separated list of `allowed` names (duplicates dropped), undefined when not given; 400 otherwise. */
export function listParam<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
): T[] | undefined {
  if (value === undefined) return undefined;
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw invalid(`${name} is empty; give one or more of ${allowed.join(', ')}`);
  const unknown = items.filter((i) => !(allowed as readonly string[]).includes(i));
  if (unknown.length)
    throw invalid(`${name}: unknown value ${unknown.join(', ')}; allowed: ${allowed.join(', ')}`);
  return [...new Set(items)] as T[];
}

/** A YYYY-MM-DD that is a real calendar date, or 400. */
export function dateOf(name: string, value: string): string {
  const t = Date.parse(`${value}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    !Number.isFinite(t) ||
    new Date(t).toISOString().slice(0, 10) !== value
  )
    throw invalid(`${name} must be a date as YYYY-MM-DD; ${value} is not one`);
  return value;
}

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
