/**
 * Normalizes a stored or given time to ISO 8601 UTC with milliseconds, the only
 * time format the API answers with; null stays null.
 */
export function toIso(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
