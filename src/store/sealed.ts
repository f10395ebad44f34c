/**
 * Which stored columns hold values sealed by ctx.sealer (src/domain/crypto.ts).
 * Each area declares its own beside its row types (src/store/tables/*.ts) with
 * `sealedColumns`, and SEALED below gathers them: this is the one list the key
 * rotation re-encrypts, the start-up check reads and the schema scan test
 * (test/security/sealed-declaration.test.ts) compares the stored data with. A
 * sealed column that is not declared fails that test.
 *
 * Two forms:
 *   value  the column holds one sealed value (or null);
 *   json   the column holds JSON text with sealed strings inside it, at any depth
 *          (a job payload: the kind decides which fields it seals, the rotation
 *          finds them by their form).
 * Every declared table has a unique text key the rotation pages by: its `id` column,
 * or the column its area names in ROW_KEYS (a table keyed by something else).
 */
export type { SealedForm } from './sealed-columns.ts';

import type { SealedForm } from './sealed-columns.ts';
import { CONNECT_SEALED } from './tables/connect.ts';
import { CORE_SEALED } from './tables/core.ts';
import { JOBS_SEALED } from './tables/jobs.ts';
import { MASTODON_ROW_KEY, MASTODON_SEALED } from './tables/mastodon.ts';
import { NOTIFICATIONS_SEALED } from './tables/notifications.ts';
import { TEAMS_SEALED } from './tables/teams.ts';

export interface SealedColumn {
  table: string;
  column: string;
  form: SealedForm;
  /** The table's unique text key (`id` unless ROW_KEYS says otherwise). */
  key: string;
}

/** Tables whose unique key is not `id`. */
const ROW_KEYS: Readonly<Record<string, string>> = { ...MASTODON_ROW_KEY };

const AREAS: readonly Record<string, Record<string, SealedForm | undefined> | undefined>[] = [
  CORE_SEALED,
  CONNECT_SEALED,
  NOTIFICATIONS_SEALED,
  TEAMS_SEALED,
  JOBS_SEALED,
  MASTODON_SEALED,
];

/** Every sealed column of the schema. */
export const SEALED: readonly SealedColumn[] = AREAS.flatMap((area) =>
  Object.entries(area).flatMap(([table, columns]) =>
    Object.entries(columns ?? {}).flatMap(([column, form]) =>
      form ? [{ table, column, form, key: ROW_KEYS[table] ?? 'id' }] : [],
    ),
  ),
);

/**
 * The shape of a stored sealed value: `v2.<key id>.<nonce>.<tag>.<body>`, or the
 * older `v1.<nonce>.<tag>.<body>` (base64url parts).
 */
export const SEALED_VALUE = /^(?:v2\.[0-9a-f]{8}(?:\.[A-Za-z0-9_-]*){3}|v1(?:\.[A-Za-z0-9_-]*){3})$/;

/** The sealed strings inside a JSON text, with a function that puts replacements back. */
export function sealedInJson(text: string): {
  values: string[];
  replace: (map: Map<string, string>) => string;
} {
  const values: string[] = [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { values, replace: () => text };
  }
  const walk = (v: unknown, visit: (s: string) => string): unknown => {
    if (typeof v === 'string') return visit(v);
    if (Array.isArray(v)) return v.map((x) => walk(x, visit));
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, visit)]));
    return v;
  };
  walk(parsed, (s) => {
    if (SEALED_VALUE.test(s)) values.push(s);
    return s;
  });
  return {
    values,
    replace: (map) => JSON.stringify(walk(parsed, (s) => map.get(s) ?? s)),
  };
}
