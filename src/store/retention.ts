/**
 * How long rows stay, table by table. Every table of the schema is declared
 * beside its row types (src/store/tables/*.ts) as either swept (by which
 * recurring job of the catalog, under what rule) or kept (and why it needs no
 * rule: bounded by nature, or records the customer owns and deletes). The
 * declarations are typed against each area's table list, so a table added to a
 * list without one does not compile; test/table-retention.test.ts compares the
 * union below with the tables the database itself has, so a table created by a
 * migration without a row type and a declaration fails there.
 *
 * The sweeps delete in chunks (deleteInChunks): one statement never touches more
 * than a chunk of rows, so none holds locks for long or meets a statement deadline.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';
import { ACCOUNT_EVENT_RETENTION } from './tables/account-events.ts';
import { ANALYTICS_RETENTION } from './tables/analytics.ts';
import { ANALYTICS_HISTORY_RETENTION } from './tables/analytics-history.ts';
import { APPROVAL_RETENTION } from './tables/approval.ts';
import { AUDIT_RETENTION } from './tables/audit.ts';
import { CONNECT_RETENTION } from './tables/connect.ts';
import { CONNECT_SESSION_RETENTION } from './tables/connect-sessions.ts';
import { CORE_RETENTION } from './tables/core.ts';
import { JOB_RETENTION } from './tables/jobs.ts';
import { MASTODON_RETENTION } from './tables/mastodon.ts';
import { MEDIA_RETENTION } from './tables/media.ts';
import { NOTIFICATION_RETENTION } from './tables/notifications.ts';
import { PLANNING_RETENTION } from './tables/planning.ts';
import { POSTS_RETENTION } from './tables/posts.ts';
import { PUBLISHING_RETENTION } from './tables/publishing.ts';
import { RATE_LIMIT_RETENTION } from './tables/rate-limits.ts';
import type { RetentionOf, TableRetention } from './tables/retention-types.ts';
import { SECURITY_RETENTION } from './tables/security.ts';
import { TEAM_RETENTION } from './tables/teams.ts';

export type { RetentionOf, TableRetention } from './tables/retention-types.ts';

/** Tables that are not the service's data: the migrator's own bookkeeping. */
const BOOKKEEPING_RETENTION = {
  kysely_migration: { kept: 'one row per migration file' },
  kysely_migration_lock: { kept: 'one row, the migrator’s lock' },
} as const satisfies Record<string, TableRetention>;

export const TABLE_RETENTION: RetentionOf<Database> & typeof BOOKKEEPING_RETENTION = {
  ...CORE_RETENTION,
  ...JOB_RETENTION,
  ...NOTIFICATION_RETENTION,
  ...POSTS_RETENTION,
  ...PLANNING_RETENTION,
  ...PUBLISHING_RETENTION,
  ...CONNECT_RETENTION,
  ...CONNECT_SESSION_RETENTION,
  ...SECURITY_RETENTION,
  ...ANALYTICS_RETENTION,
  ...ANALYTICS_HISTORY_RETENTION,
  ...MEDIA_RETENTION,
  ...RATE_LIMIT_RETENTION,
  ...AUDIT_RETENTION,
  ...ACCOUNT_EVENT_RETENTION,
  ...TEAM_RETENTION,
  ...APPROVAL_RETENTION,
  ...MASTODON_RETENTION,
  ...BOOKKEEPING_RETENTION,
};

/** Rows one sweep statement deletes at most. */
export const SWEEP_CHUNK = 1000;

type TableName = keyof Database & string;

/**
 * Deletes the rows of `table` that `where` selects, at most `chunk` per
 * statement, until none is left or `signal` aborts; answers how many went.
 * `key` names the column(s) that identify a row (a composite key is compared as
 * a row value, which SQLite and PostgreSQL both take). `where` is SQL on the
 * table's own columns.
 */
export async function deleteInChunks(
  db: Kysely<Database>,
  args: {
    table: TableName;
    key: readonly string[];
    where: ReturnType<typeof sql>;
    chunk?: number;
    signal?: AbortSignal | undefined;
  },
): Promise<number> {
  const chunk = args.chunk ?? SWEEP_CHUNK;
  const table = sql.table(args.table);
  const keys = sql.join(args.key.map((k) => sql.ref(k)));
  const target = args.key.length === 1 ? keys : sql`(${keys})`;
  let total = 0;
  while (!args.signal?.aborted) {
    const res = await sql`delete from ${table} where ${target} in (
      select ${keys} from ${table} where ${args.where} limit ${chunk})`.execute(db);
    const n = Number(res.numAffectedRows ?? 0n);
    total += n;
    if (n < chunk) break;
  }
  return total;
}
