/**
 * The pool Kysely gets on PostgreSQL (queries through node-postgres's callback form):
 * results, errors with their PostgreSQL codes, and transactions on one connection.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createPgSchema, PG_SKIP, PG_URL } from '../../test/harness.ts';
import { callbackQueryPool } from './pg-pool.ts';

describe('callbackQueryPool', { skip: PG_SKIP }, () => {
  let pool: pg.Pool;
  let db: Kysely<Record<string, { id: number }>>;
  let drop: () => Promise<void>;
  before(async () => {
    const schema = await createPgSchema();
    drop = schema.drop;
    pool = new pg.Pool({ connectionString: PG_URL, max: 3, options: `-c search_path=${schema.schema}` });
    db = new Kysely({ dialect: new PostgresDialect({ pool: callbackQueryPool(pool) }) });
    await sql`create table t (id integer primary key)`.execute(db);
  });
  after(async () => {
    await db.destroy();
    await drop();
  });

  it('answers rows and affected-row counts', async () => {
    await db
      .insertInto('t')
      .values([{ id: 1 }, { id: 2 }])
      .execute();
    const updated = await db.updateTable('t').set({ id: 2 }).where('id', '>=', 2).executeTakeFirst();
    assert.equal(updated.numUpdatedRows, 1n);
    const rows = await db.selectFrom('t').select('id').orderBy('id').execute();
    assert.deepEqual(
      rows.map((r) => r.id),
      [1, 2],
    );
  });

  it('rejects with the error PostgreSQL gave, code included', async () => {
    await assert.rejects(db.insertInto('t').values({ id: 1 }).execute(), (err: Error & { code?: string }) => {
      assert.equal(err.code, '23505');
      return true;
    });
    await assert.rejects(sql`select * from missing_table`.execute(db), { code: '42P01' });
  });

  it('runs a transaction on one connection and rolls it back whole', async () => {
    const pids = new Set<number>();
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        for (let i = 0; i < 3; i++)
          pids.add((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid);
        await trx.insertInto('t').values({ id: 3 }).execute();
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.equal(pids.size, 1);
    assert.equal((await db.selectFrom('t').select('id').where('id', '=', 3).execute()).length, 0);
  });
});
