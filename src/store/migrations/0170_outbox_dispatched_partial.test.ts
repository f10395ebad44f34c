/** Migration 0170: outbox_dispatched indexes dispatched events only, and retention still reads through it. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';

forEachDatabase('migration 0170 makes outbox_dispatched partial', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect);
  });
  after(() => t.close());

  it('leaves waiting events out of the index', async () => {
    const db = t.ctx.store.db;
    if (dialect === 'postgres') {
      const { rows } = await sql<{ def: string }>`
        select indexdef as def from pg_indexes
        where indexname = 'outbox_dispatched' and schemaname = current_schema()`.execute(db);
      assert.equal(rows.length, 1);
      assert.match(rows[0]?.def ?? '', /WHERE \(dispatched_at IS NOT NULL\)/);
    } else {
      const { rows } = await sql<{ sql: string }>`
        select sql from sqlite_master where name = 'outbox_dispatched'`.execute(db);
      assert.match(rows[0]?.sql ?? '', /where "dispatched_at" is not null/i);
      // Retention's selection of old dispatched events is answered by it.
      const plan = await sql<{ detail: string }>`
        explain query plan select id from outbox
        where dispatched_at is not null and dispatched_at < ${'2026-01-01'} limit 500`.execute(db);
      assert.match(plan.rows.map((r) => r.detail).join('\n'), /USING (COVERING )?INDEX outbox_dispatched/);
    }
  });
});
