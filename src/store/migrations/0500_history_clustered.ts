/**
 * History reads answered from one place in storage, not from rows spread over the table.
 *
 * The collection writes one day of every account at a time, so the rows of one
 * account lie one per day across the table: an account's 730 days were 730 row
 * lookups (and on a cold cache 730 page reads) after the primary key's index. A
 * post's snapshots are written at six ages days apart, with the same effect.
 *
 * - SQLite: both tables become WITHOUT ROWID tables, stored in the order of their
 *   primary key. account_snapshots keeps its key (integration_id, day): an account's
 *   days lie side by side. target_snapshots is keyed (post_id, target_id, age_hours),
 *   the order a post's history is read in; (target_id, age_hours) stays unique in an
 *   index of its own (the collection's upsert and the export's pages use it).
 * - PostgreSQL keeps its heap tables; the indexes the reads use carry the columns the
 *   reads answer (INCLUDE), so an index-only scan answers from a few adjacent index
 *   pages: the primary key of account_snapshots includes the six counts, and a post's
 *   index (post_id, target_id, age_hours) includes every other column. An index-only
 *   scan needs the visibility map of pages written since the last vacuum, so both
 *   tables are vacuumed after far fewer inserts than the default fifth of the table.
 *
 * Existing rows are copied over in the key's order (SQLite) or indexed in place (PostgreSQL).
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const onPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const ACCOUNT_COUNTS = ['followers', 'following', 'posts', 'impressions', 'views', 'reach'];
const TARGET_METRICS = ['impressions', 'reach', 'views', 'likes', 'comments', 'shares', 'saves', 'clicks'];
const TARGET_REST = [
  'project_id',
  'integration_id',
  'platform',
  'published_at',
  ...TARGET_METRICS,
  'collected_at',
];
/** Vacuum (and so mark pages all-visible for index-only scans) after this share of the table was inserted. */
const INSERT_SCALE_FACTOR = 0.01;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (onPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`alter table account_snapshots drop constraint account_snapshots_pk`.execute(db);
  await sql
    .raw(
      `alter table account_snapshots add constraint account_snapshots_pk primary key (integration_id, day) include (${ACCOUNT_COUNTS.join(', ')})`,
    )
    .execute(db);
  await sql`drop index if exists target_snapshots_post`.execute(db);
  await sql
    .raw(
      `create index target_snapshots_post on target_snapshots (post_id, target_id, age_hours) include (${TARGET_REST.join(', ')})`,
    )
    .execute(db);
  for (const table of ['account_snapshots', 'target_snapshots'])
    await sql
      .raw(`alter table ${table} set (autovacuum_vacuum_insert_scale_factor = ${INSERT_SCALE_FACTOR})`)
      .execute(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  const accountColumns = [
    'integration_id',
    'day',
    'project_id',
    'platform',
    ...ACCOUNT_COUNTS,
    'collected_at',
  ];
  await sql
    .raw(
      `create table account_snapshots_clustered (
        integration_id text not null, day text not null, project_id text not null, platform text not null,
        ${ACCOUNT_COUNTS.map((c) => `${c} bigint`).join(', ')},
        collected_at text not null,
        constraint account_snapshots_pk primary key (integration_id, day)
      ) without rowid`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into account_snapshots_clustered (${accountColumns.join(', ')})
       select ${accountColumns.join(', ')} from account_snapshots order by integration_id, day`,
    )
    .execute(db);
  await sql`drop table account_snapshots`.execute(db);
  await sql`alter table account_snapshots_clustered rename to account_snapshots`.execute(db);
  await sql`create index account_snapshots_project_day on account_snapshots (project_id, day)`.execute(db);

  const targetColumns = ['post_id', 'target_id', 'age_hours', ...TARGET_REST];
  await sql
    .raw(
      `create table target_snapshots_clustered (
        post_id text not null, target_id text not null, age_hours integer not null,
        project_id text not null, integration_id text not null, platform text not null, published_at text not null,
        ${TARGET_METRICS.map((c) => `${c} bigint`).join(', ')},
        collected_at text not null,
        constraint target_snapshots_pk primary key (post_id, target_id, age_hours)
      ) without rowid`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into target_snapshots_clustered (${targetColumns.join(', ')})
       select ${targetColumns.join(', ')} from target_snapshots order by post_id, target_id, age_hours`,
    )
    .execute(db);
  await sql`drop table target_snapshots`.execute(db);
  await sql`alter table target_snapshots_clustered rename to target_snapshots`.execute(db);
  await sql`create unique index target_snapshots_target_age on target_snapshots (target_id, age_hours)`.execute(
    db,
  );
  await sql`create index target_snapshots_project_published on target_snapshots (project_id, published_at)`.execute(
    db,
  );
  await sql`create index target_snapshots_collected on target_snapshots (collected_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return; // SQLite keeps the clustered tables: they answer every query the old ones did.
  await sql`drop index if exists target_snapshots_post`.execute(db);
  await sql`create index target_snapshots_post on target_snapshots (post_id)`.execute(db);
  await sql`alter table account_snapshots drop constraint account_snapshots_pk`.execute(db);
  await sql`alter table account_snapshots add constraint account_snapshots_pk primary key (integration_id, day)`.execute(
    db,
  );
}
