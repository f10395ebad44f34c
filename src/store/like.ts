/**
 * A case-insensitive "contains" pattern for `lower(column) like ? escape '\'`,
 * the same on SQLite and PostgreSQL: the text is lower-cased and its own
 * wildcards (`%`, `_`) and backslashes are escaped so they match literally.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
