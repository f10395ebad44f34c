/**
 * The statement deadline by scope (PostgreSQL): a statement on the request path is
 * cut off at DATABASE_STATEMENT_TIMEOUT_MS (57014), while the same statement in
 * maintenance scope runs to its end, or to the budget the scope was given. The
 * connection says "none" to the server (statement_timeout 0) rather than leaving
 * it to a default the server, role or database may have.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createPgSchema, PG_SKIP, PG_URL } from '../../test/harness.ts';
import { openStore, type Store } from './db.ts';

const DEADLINE_MS = 300;
const LONG = sql`select pg_sleep(0.8) as slept`;

const code = (err: unknown) => (err as { code?: string }).code;

describe('the statement deadline by scope [postgres]', { skip: PG_SKIP }, () => {
  let store: Store;
  let drop: () => Promise<void>;
  before(async () => {
    const schema = await createPgSchema();
    drop = schema.drop;
    store = openStore({
      databaseUrl: PG_URL,
      dataDir: '/nonexistent',
      pgSchema: schema.schema,
      statementTimeoutMs: DEADLINE_MS,
    });
  });
  after(async () => {
    await store.close();
    await drop();
  });

  it('cuts a long statement off on the request path', async () => {
    await assert.rejects(LONG.execute(store.db), (err) => code(err) === '57014');
  });

  it('lets the same statement finish in maintenance scope', async () => {
    const rows = await store.maintenance(async (db) => {
      const shown = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db);
      assert.equal(shown.rows[0]?.statement_timeout, '0');
      return (await LONG.execute(db)).rows;
    });
    assert.equal(rows.length, 1);
  });

  it('runs a transaction of several long statements in maintenance scope', async () => {
    await store.maintenance((db) =>
      db.transaction().execute(async (trx) => {
        await sql`create table big (id integer primary key, n integer not null)`.execute(trx);
        await sql`insert into big select g, 0 from generate_series(1, 20000) g`.execute(trx);
        await LONG.execute(trx);
        await sql`update big set n = n + 1`.execute(trx);
      }),
    );
    const row = await sql<{ n: number }>`select sum(n)::int as n from big`.execute(store.db);
    assert.equal(row.rows[0]?.n, 20000);
  });

  it('holds maintenance to the budget it was given', async () => {
    await assert.rejects(
      store.maintenance((db) => LONG.execute(db), { statementTimeoutMs: 200 }),
      (err) => code(err) === '57014',
    );
    const ok = await store.maintenance((db) => LONG.execute(db), { statementTimeoutMs: 5_000 });
    assert.equal(ok.rows.length, 1);
  });

  it('keeps the request deadline for the pool after maintenance ran', async () => {
    await store.maintenance((db) => sql`select 1`.execute(db));
    await assert.rejects(LONG.execute(store.db), (err) => code(err) === '57014');
  });
});

describe('the statement deadline by scope [sqlite]', () => {
  it('runs maintenance on the one database handle (SQLite has no statement deadline)', async () => {
    const store = openStore({ dataDir: '/nonexistent', sqliteFile: ':memory:' });
    try {
      const seen = await store.maintenance(async (db) => db === store.db);
      assert.equal(seen, true);
    } finally {
      await store.close();
    }
  });
});
