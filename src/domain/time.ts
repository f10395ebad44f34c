/**
 * Normalizes a stored or given time to ISO 8601 UTC with milliseconds, the only
 * time format the API answers with; null stays null.
 */
export function toIso(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  // Stored times are written in this form already: given back as they are, without a
  // parse and a format each (a list page has hundreds of them).
  if (typeof value === 'string' && isCanonicalIso(value)) return value;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const CANONICAL = /^(\d{4})-(\d{2})-(\d{2})T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/**
 * Whether `value` is exactly what toISOString writes for some time: the form, and a
 * day that exists in its month (Date reads 2026-02-30 as 2 March, so such a string is
 * not given back as it is).
 */
function isCanonicalIso(value: string): boolean {
  const m = CANONICAL.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
