/**
 * SQL text for statements built by hand rather than by Kysely's query builder (whose
 * compiling costs time per value, which counts in statements of hundreds of rows):
 * parameter marks as each dialect writes them, texts cached by shape, and row lists
 * padded to a few sizes so the statements repeat (and SQLite finds them prepared).
 */
import type { Dialect } from './db.ts';

/**
 * The list padded with its last item to the next power of two: a batch's statements
 * then come in a few sizes only, so SQLite finds them prepared in its statement cache
 * instead of parsing a new text for every batch size. Only for lists where a repeated
 * last item changes nothing (`IN (…)`, identical rows of `UPDATE … FROM`).
 */
export function padded<T>(list: T[]): T[] {
  if (list.length <= 1) return list;
  const size = 2 ** Math.ceil(Math.log2(list.length));
  const last = list[list.length - 1] as T;
  while (list.length < size) list.push(last);
  return list;
}

const texts = new Map<string, string>();

export function cachedText(key: string, build: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    text = build();
    if (texts.size > 2000) texts.clear();
    texts.set(key, text);
  }
  return text;
}

/** `count` parameter marks from the `first`-th (1-based), as the dialect writes them. */
export function marks(dialect: Dialect, count: number, first = 1): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(dialect === 'postgres' ? `$${first + i}` : '?');
  return out.join(', ');
}

/**
 * `select <columns> from "<table>" where "id" in (…)` for `count` ids, cached per shape;
 * `suffix` ends it (a lock clause).
 */
export function selectByIdsText(
  dialect: Dialect,
  table: string,
  columns: string,
  count: number,
  suffix = '',
): string {
  return cachedText(
    `${dialect} by ids ${table} ${columns} ${count}${suffix}`,
    () => `select ${columns} from "${table}" where "id" in (${marks(dialect, count)})${suffix}`,
  );
}
