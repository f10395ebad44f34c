/**
 * The CLI's commands are maintenance: on PostgreSQL their statements are not cut
 * off at the request deadline (DATABASE_STATEMENT_TIMEOUT_MS), however it is set.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createPgSchema, PG_SKIP, PG_URL } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { withCliContext } from './cli-context.ts';

describe('the CLI context [postgres]', { skip: PG_SKIP }, () => {
  let schema: Awaited<ReturnType<typeof createPgSchema>>;
  let dataDir: string;
  before(async () => {
    schema = await createPgSchema();
    dataDir = mkdtempSync(join(tmpdir(), 'sps-cli-'));
  });
  after(async () => {
    await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a statement longer than the request deadline to its end', async () => {
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema.schema}`);
    const config = loadConfig({
      env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), DATABASE_STATEMENT_TIMEOUT_MS: '300' },
    });
    // A fresh schema has no projects: the command is allowed to start the database, as `migrate` is.
    const slept = await withCliContext(
      config,
      async (ctx) => {
        await sql`select pg_sleep(0.6)`.execute(ctx.store.db);
        return true;
      },
      { mayStartDatabase: true },
    );
    assert.equal(slept, true);
  });
});
