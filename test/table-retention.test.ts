/**
 * No table grows without bound unnoticed. Every table the database itself has
 * (read from its catalog after the migrations) has a retention declaration
 * (src/store/retention.ts, given beside each table's row types): swept by a
 * recurring job of the catalog, or kept with a reason. A migration that adds a
 * table without one fails here. Then the sweep of records that end by
 * themselves (sweep_expired_records) runs, in chunks smaller than what it
 * finds, and removes exactly what its rules say, on SQLite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import {
  expiredRecordsRetentionJob,
  REVIEW_LINK_KEEP_MS,
  SWEPT_TABLES,
  sweepExpiredRecords,
} from '../src/domain/retention/expired-records.ts';
import { JOB_KINDS } from '../src/jobs/kinds.ts';
import { isRecurring } from '../src/jobs/recurring.ts';
import type { Store } from '../src/store/db.ts';
import { TABLE_RETENTION } from '../src/store/retention.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

async function tablesOf(store: Store): Promise<string[]> {
  const rows =
    store.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(store.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(store.db);
  return rows.rows.map((r) => r.name).sort();
}

forEachDatabase('table retention', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect);
  });
  after(() => t.close());

  it('declares a rule, or the reason for none, for every table the database has', async (c) => {
    const inDatabase = await tablesOf(t.ctx.store);
    const declared = Object.keys(TABLE_RETENTION).sort();
    assert.deepEqual(
      inDatabase.filter((n) => !declared.includes(n)),
      [],
      'tables without a retention declaration',
    );
    assert.deepEqual(
      declared.filter((n) => !inDatabase.includes(n)),
      [],
      'declarations of tables the database does not have',
    );
    c.diagnostic(`${inDatabase.length} tables, each with its declaration`);
    const recurring = new Set(JOB_KINDS.filter(isRecurring).map((k) => k.kind));
    for (const [table, rule] of Object.entries(TABLE_RETENTION)) {
      if ('kept' in rule) assert.ok(rule.kept.length > 10, `${table}: a reason in words`);
      else assert.ok(recurring.has(rule.sweptBy), `${table}: swept by ${rule.sweptBy}, a recurring kind`);
    }
    // The sweep's own rules and the declarations that name it are the same tables.
    const namingTheSweep = Object.entries(TABLE_RETENTION)
      .filter(([, r]) => 'sweptBy' in r && r.sweptBy === expiredRecordsRetentionJob.kind)
      .map(([n]) => n)
      .sort();
    assert.deepEqual([...SWEPT_TABLES].sort(), namingTheSweep);
  });

  it('removes what ended, in chunks, and keeps what still works', async () => {
    const { db } = t.ctx.store;
    const now = new Date();
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    const { projectId } = t;
    const { config } = t.ctx;
    await db
      .insertInto('people')
      .values({ id: 'per_r', email: 'r@example.com', created_at: at(-DAY), updated_at: at(-DAY) })
      .execute();
    await db
      .insertInto('members')
      .values({
        id: 'mem_r',
        project_id: projectId,
        person_id: 'per_r',
        role: 'owner',
        created_at: at(-DAY),
        updated_at: at(-DAY),
      })
      .execute();

    // Five of each kind that ended (more than a chunk of 2), one that still works.
    const gone = (i: number) => `gone_${i}`;
    const five = [0, 1, 2, 3, 4];
    const session = (hash: string, lastSeen: number, expires: number) => ({
      token_hash: hash,
      id: `ses_${hash}`,
      member_id: 'mem_r',
      person_id: 'per_r',
      created_at: at(-2 * DAY),
      last_seen_at: at(lastSeen),
      expires_at: at(expires),
    });
    await db
      .insertInto('sessions')
      .values([
        ...five.map((i) => session(`exp_${i}`, -MIN, -MIN)),
        ...five.map((i) => session(`idle_${i}`, -(config.SESSION_IDLE_MINUTES + 5) * MIN, DAY)),
        session('live', -(config.SESSION_IDLE_MINUTES - 1) * MIN, DAY),
      ])
      .execute();
    const token = (
      hash: string,
      kind: 'invitation' | 'password_reset' | 'oidc_state',
      expires: number,
      used: number | null,
    ) => ({
      token_hash: hash,
      id: `tok_${hash}`,
      kind,
      email: 'r@example.com',
      project_id: kind === 'invitation' ? projectId : null,
      created_at: at(-3 * DAY),
      expires_at: at(expires),
      used_at: used === null ? null : at(used),
    });
    await db
      .insertInto('account_tokens')
      .values([
        ...five.map((i) => token(`oidc_${i}`, 'oidc_state', -DAY - MIN, null)),
        ...five.map((i) => token(`used_${i}`, 'invitation', DAY, -DAY - MIN)),
        token('reset_expired_recently', 'password_reset', -MIN, null),
        token('invitation_open', 'invitation', DAY, null),
      ])
      .execute();
    const lapse = config.SIGNIN_LOCK_MINUTES * MIN;
    await db
      .insertInto('sign_in_failures')
      .values([
        ...five.map((i) => ({
          subject: `ip:${gone(i)}`,
          failures: 3,
          last_failure_at: at(-lapse - MIN),
          locked_until: null,
        })),
        { subject: 'email:locked', failures: 10, last_failure_at: at(-lapse - MIN), locked_until: at(MIN) },
        { subject: 'email:recent', failures: 2, last_failure_at: at(-MIN), locked_until: null },
      ])
      .execute();
    const link = (id: string, expires: number, revoked: number | null) => ({
      id,
      project_id: projectId,
      token_hash: `h_${id}`,
      created_by: 'key',
      can_approve: 0,
      expires_at: at(expires),
      revoked_at: revoked === null ? null : at(revoked),
      created_at: at(-60 * DAY),
    });
    await db
      .insertInto('review_links')
      .values([
        ...five.map((i) => link(`rl_exp_${i}`, -REVIEW_LINK_KEEP_MS - MIN, null)),
        ...five.map((i) => link(`rl_rev_${i}`, DAY, -REVIEW_LINK_KEEP_MS - MIN)),
        link('rl_revoked_recently', DAY, -DAY),
        link('rl_active', DAY, null),
      ])
      .execute();
    await db
      .insertInto('event_keys')
      .values([
        ...five.map((i) => ({
          key: `token_expiring:int_${i}:x`,
          project_id: projectId,
          created_at: at(-367 * DAY),
        })),
        { key: 'message:int_1:m1', project_id: projectId, created_at: at(-400 * DAY) },
        { key: 'comment:int_1:c1', project_id: projectId, created_at: at(-30 * DAY) },
      ])
      .execute();
    await db
      .insertInto('connect_sessions')
      .values(
        ['cs_old', 'cs_live'].map((id) => ({
          id,
          project_id: projectId,
          platforms: '[]',
          redirect_uri: 'https://example.com/back',
          branding: '{}',
          app_ids: '{}',
          created_at: at(-3 * DAY),
          expires_at: id === 'cs_old' ? at(-DAY - MIN) : at(DAY),
        })),
      )
      .execute();
    await db
      .insertInto('connect_session_integrations')
      .values(
        ['cs_old', 'cs_live'].map((s) => ({
          session_id: s,
          integration_id: `int_${s}`,
          platform: 'x',
          created_at: at(-DAY),
        })),
      )
      .execute();
    const minute = Math.floor(now.getTime() / MIN);
    await db
      .insertInto('platform_outcomes')
      .values([
        ...five.map((i) => ({
          platform: 'x',
          minute: minute - 2 * 1440 - 1 - i,
          attempts: 1,
          platform_failures: 0,
        })),
        { platform: 'x', minute, attempts: 1, platform_failures: 0 },
      ])
      .execute();
    await db
      .insertInto('idempotency_keys')
      .values(
        [-DAY - MIN, -MIN].map((age, i) => ({
          project_id: projectId,
          key: `k${i}`,
          request_hash: 'h',
          status_code: 200,
          answer: '{}',
          created_at: at(age),
        })),
      )
      .execute();

    const counts = await sweepExpiredRecords(db, { now, config, chunk: 2 });
    assert.equal(counts.sessions, 10);
    assert.equal(counts.account_tokens, 10);
    assert.equal(counts.sign_in_failures, 5);
    assert.equal(counts.review_links, 10);
    assert.equal(counts.event_keys, 5);

    const left = async (table: 'sessions' | 'account_tokens', col: 'token_hash') =>
      (await db.selectFrom(table).select(col).orderBy(col).execute()).map((r) => r[col]);
    assert.deepEqual(await left('sessions', 'token_hash'), ['live']);
    assert.deepEqual(await left('account_tokens', 'token_hash'), [
      'invitation_open',
      'reset_expired_recently',
    ]);
    assert.deepEqual(
      (await db.selectFrom('sign_in_failures').select('subject').orderBy('subject').execute()).map(
        (r) => r.subject,
      ),
      ['email:locked', 'email:recent'],
    );
    assert.deepEqual(
      (await db.selectFrom('review_links').select('id').orderBy('id').execute()).map((r) => r.id),
      ['rl_active', 'rl_revoked_recently'],
    );
    assert.deepEqual(
      (await db.selectFrom('event_keys').select('key').orderBy('key').execute()).map((r) => r.key),
      ['comment:int_1:c1', 'message:int_1:m1'],
    );
    assert.deepEqual(
      (await db.selectFrom('connect_sessions').select('id').execute()).map((r) => r.id),
      ['cs_live'],
    );
    assert.deepEqual(
      (await db.selectFrom('connect_session_integrations').select('session_id').execute()).map(
        (r) => r.session_id,
      ),
      ['cs_live'],
    );
    assert.deepEqual(
      (await db.selectFrom('platform_outcomes').select('minute').execute()).map((r) => Number(r.minute)),
      [minute],
    );
    assert.deepEqual(
      (await db.selectFrom('idempotency_keys').select('key').execute()).map((r) => r.key),
      ['k1'],
    );
  });

  it('runs as a recurring job of the catalog, in maintenance scope', async () => {
    const { db } = t.ctx.store;
    const old = new Date(Date.now() - 2 * DAY).toISOString();
    await db
      .insertInto('account_tokens')
      .values({
        token_hash: 'job_old',
        id: 'tok_job_old',
        kind: 'oidc_state',
        email: '',
        created_at: old,
        expires_at: old,
      })
      .execute();
    const abort = new AbortController();
    const result = await expiredRecordsRetentionJob.run(
      {
        id: 'recurring_sweep_expired_records',
        kind: expiredRecordsRetentionJob.kind,
        projectId: null,
        payload: {},
        attempt: 1,
        maxAttempts: 1_000_000_000,
        lastError: null,
        signal: abort.signal,
        leaseOwner: 'test',
      },
      t.ctx,
    );
    assert.ok(result && result.countsAsAttempt === false, 'runs again a period later');
    const row = await db
      .selectFrom('account_tokens')
      .select('id')
      .where('token_hash', '=', 'job_old')
      .executeTakeFirst();
    assert.equal(row, undefined);
  });
});
