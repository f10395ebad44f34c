/**
 * Migration 0500 on a database that already has history: every snapshot is kept as it
 * was, and the reads are answered from the clustered table (SQLite) or the covering
 * indexes (PostgreSQL).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { up } from './0500_history_clustered.ts';

/** Rows as plain objects (node:sqlite answers objects without a prototype). */
const plain = <T extends object>(rows: T[]) => rows.map((r) => ({ ...r }));

forEachDatabase('migration 0500 clusters the analytics history', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect);
  });
  after(() => t.close());

  const accountRow = (integration: string, day: string, followers: number | null) => ({
    integration_id: integration,
    day,
    project_id: t.projectId,
    platform: 'twitter',
    followers,
    following: 7,
    posts: null,
    impressions: 12,
    views: null,
    reach: 3,
    collected_at: `${day}T03:00:00.000Z`,
  });
  const targetRow = (post: string, target: string, age: number, likes: number) => ({
    target_id: target,
    age_hours: age,
    project_id: t.projectId,
    post_id: post,
    integration_id: 'int_m500_a',
    platform: 'twitter',
    published_at: '2026-11-01T09:00:00.000Z',
    impressions: 100 + age,
    reach: null,
    views: null,
    likes,
    comments: 1,
    shares: 0,
    saves: null,
    clicks: null,
    collected_at: new Date(Date.parse('2026-11-01T09:00:00.000Z') + age * 3_600_000).toISOString(),
  });

  it('keeps every row and answers each read as before', async () => {
    const db = t.ctx.store.db;
    // Written day-major, as the collection writes them: one day of every account at a time.
    const rows = [];
    for (const day of ['2026-11-01', '2026-11-02', '2026-11-03'])
      for (const a of ['int_m500_b', 'int_m500_a'])
        rows.push(accountRow(a, day, day.endsWith('2') ? null : 50));
    await db.insertInto('account_snapshots').values(rows).execute();
    await db
      .insertInto('target_snapshots')
      .values([
        targetRow('post_m500_2', 'tgt_m500_z', 1, 4),
        targetRow('post_m500_1', 'tgt_m500_y', 6, 9),
        targetRow('post_m500_1', 'tgt_m500_y', 1, 5),
        targetRow('post_m500_1', 'tgt_m500_x', 1, 2),
      ])
      .execute();
    const readAll = async () => ({
      accounts: await db
        .selectFrom('account_snapshots')
        .selectAll()
        .orderBy('integration_id')
        .orderBy('day')
        .execute(),
      targets: await db
        .selectFrom('target_snapshots')
        .selectAll()
        .orderBy('target_id')
        .orderBy('age_hours')
        .execute(),
    });
    const beforeRows = await readAll();

    await t.ctx.store.maintenance((m) => up(m as never));

    assert.deepEqual(await readAll(), beforeRows);
    const account = await db
      .selectFrom('account_snapshots')
      .select(['day', 'followers'])
      .where('integration_id', '=', 'int_m500_a')
      .where('day', '>=', '2026-11-02')
      .orderBy('day')
      .execute();
    assert.deepEqual(plain(account), [
      { day: '2026-11-02', followers: null },
      { day: '2026-11-03', followers: 50 },
    ]);
    const post = await db
      .selectFrom('target_snapshots')
      .select(['target_id', 'age_hours', 'likes'])
      .where('post_id', '=', 'post_m500_1')
      .orderBy('target_id')
      .orderBy('age_hours')
      .execute();
    assert.deepEqual(plain(post), [
      { target_id: 'tgt_m500_x', age_hours: 1, likes: 2 },
      { target_id: 'tgt_m500_y', age_hours: 1, likes: 5 },
      { target_id: 'tgt_m500_y', age_hours: 6, likes: 9 },
    ]);
    // The collection's upsert still meets (target_id, age_hours) as its conflict.
    await db
      .insertInto('target_snapshots')
      .values(targetRow('post_m500_1', 'tgt_m500_x', 1, 99))
      .onConflict((oc) => oc.columns(['target_id', 'age_hours']).doNothing())
      .execute();
    const kept = await db
      .selectFrom('target_snapshots')
      .select('likes')
      .where('target_id', '=', 'tgt_m500_x')
      .executeTakeFirstOrThrow();
    assert.equal(kept.likes, 2);
  });

  it('stores the rows in the order the reads take them', async () => {
    const db = t.ctx.store.db;
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ name: string; sql: string }>`
        select name, sql from sqlite_master where name in ('account_snapshots', 'target_snapshots')`.execute(
        db,
      );
      assert.equal(rows.length, 2);
      for (const r of rows) assert.match(r.sql, /without rowid\s*$/i, r.name);
      const plan = await sql<{ detail: string }>`
        explain query plan select day, followers from account_snapshots
        where integration_id = ${'int_m500_a'} and day >= ${'2026-11-01'} and day <= ${'2026-11-30'} order by day`.execute(
        db,
      );
      assert.match(plan.rows.map((r) => r.detail).join('\n'), /USING PRIMARY KEY/);
      const postPlan = await sql<{ detail: string }>`
        explain query plan select * from target_snapshots where post_id = ${'post_m500_1'}
        order by target_id, age_hours`.execute(db);
      const detail = postPlan.rows.map((r) => r.detail).join('\n');
      assert.match(detail, /USING PRIMARY KEY/);
      assert.doesNotMatch(detail, /TEMP B-TREE/);
    } else {
      const { rows } = await sql<{ name: string; def: string }>`
        select indexname as name, indexdef as def from pg_indexes
        where schemaname = current_schema() and indexname in ('account_snapshots_pk', 'target_snapshots_post')`.execute(
        db,
      );
      const defs = Object.fromEntries(rows.map((r) => [r.name, r.def]));
      assert.match(
        defs.account_snapshots_pk ?? '',
        /\(integration_id, day\) INCLUDE \(followers, following, posts, impressions, views, reach\)/,
      );
      assert.match(
        defs.target_snapshots_post ?? '',
        /\(post_id, target_id, age_hours\) INCLUDE \(project_id, /,
      );
      // An account's days are answered from the index alone.
      const plan = await t.ctx.store.maintenance(async (m) => {
        await sql`vacuum analyze account_snapshots`.execute(m);
        await sql`set enable_seqscan = off`.execute(m);
        return sql<{ 'QUERY PLAN': string }>`
          explain select day, followers, following, posts, impressions, views, reach from account_snapshots
          where integration_id = ${'int_m500_a'} and day >= ${'2026-11-01'} and day <= ${'2026-11-30'} order by day`.execute(
          m,
        );
      });
      assert.match(
        plan.rows.map((r) => r['QUERY PLAN']).join('\n'),
        /Index Only Scan using account_snapshots_pk/,
      );
    }
  });
});
