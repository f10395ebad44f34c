/**
 * SQLite's equivalents of a database that refuses work (test/pg-outages.test.ts
 * drills PostgreSQL's): a file another process holds the write lock of past
 * busy_timeout (SQLITE_BUSY), and a database that only reads (SQLITE_READONLY, as a
 * file or mount made read-only; `PRAGMA query_only` reproduces its answer). Writes
 * answer 503 with Retry-After and leave nothing behind, reads keep answering, and
 * the same service writes again once the lock or the setting is gone.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestService, type TestService } from './harness.ts';
import { addIntegration, FUTURE } from './posts-fixtures.ts';
import { rowCounts } from './route-fixtures.ts';

const UNAVAILABLE = /database is unavailable right now/;

describe('SQLite refusing writes', () => {
  let t: TestService;
  let accountId: string;
  before(async () => {
    t = await startTestService('sqlite', { settings: { ROLE: 'api', PUBLISH_WAIT_MS: '0' } });
    accountId = await addIntegration(t.ctx, t.projectId, 'linkedin');
  });
  after(() => t.close());

  const writes = () => [
    t.request('POST', '/v1/posts', {
      content: 'while refused',
      platforms: [{ platform: 'linkedin', accountId }],
      scheduledFor: FUTURE,
    }),
    t.request('POST', '/v1/profiles', { name: 'while refused' }),
  ];

  async function refusedThenRecovered(
    refuse: () => unknown,
    allow: () => unknown,
    alsoWhileRefused: () => Promise<void> = async () => {},
  ): Promise<void> {
    const counts = await rowCounts(t.ctx);
    await refuse();
    try {
      for (const res of await Promise.all(writes())) {
        assert.equal(res.status, 503, res.text);
        assert.equal(res.headers['retry-after'], '5');
        assert.match(res.body.message ?? res.body.error, UNAVAILABLE);
      }
      await alsoWhileRefused();
    } finally {
      await allow();
    }
    assert.deepEqual(await rowCounts(t.ctx), counts, 'a refused write left rows behind');
    for (const res of await Promise.all(writes())) assert.ok([201, 202].includes(res.status), res.text);
  }

  it('answers 503 while another process holds the write lock past busy_timeout (SQLITE_BUSY)', async () => {
    const other = new DatabaseSync(join(t.ctx.config.DATA_DIR, 'service.sqlite'));
    try {
      await refusedThenRecovered(
        () => other.exec('BEGIN IMMEDIATE'),
        () => other.exec('ROLLBACK'),
      );
    } finally {
      other.close();
    }
  });

  it('answers 503 while the database only reads (SQLITE_READONLY), reads keep answering', async () => {
    const queryOnly = (on: boolean) => sql.raw(`PRAGMA query_only = ${on ? 1 : 0}`).execute(t.ctx.store.db);
    await refusedThenRecovered(
      () => queryOnly(true),
      () => queryOnly(false),
      async () => {
        assert.equal((await t.request('GET', '/v1/profiles')).status, 200);
        assert.equal((await t.request('GET', '/v1/posts')).status, 200);
      },
    );
  });
});
