/** Migration 0150: PostgreSQL keeps the rate-limit counts out of the WAL; the table still counts. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';

forEachDatabase('migration 0150 makes the rate-limit table unlogged', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect);
  });
  after(() => t.close());

  it('is unlogged on PostgreSQL and takes counts on both databases', async () => {
    const db = t.ctx.store.db;
    if (dialect === 'postgres') {
      const { rows } = await sql<{ persistence: string }>`
        select relpersistence as persistence from pg_class
        where relname = 'rate_limits' and relnamespace = current_schema()::regnamespace`.execute(db);
      assert.deepEqual(
        rows.map((r) => r.persistence),
        ['u'],
      );
    }
    await db.insertInto('rate_limits').values({ key: 'k:m150', window_start: 1, count: 1 }).execute();
    const row = await db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', 'k:m150')
      .executeTakeFirst();
    assert.equal(Number(row?.count), 1);
  });
});
