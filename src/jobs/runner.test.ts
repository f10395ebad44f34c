import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { forEachDatabase } from '../../test/harness.ts';
import { openSharedStores, type SharedStores, until } from '../../test/shared-store.ts';
import type { AppContext } from '../context.ts';
import { type AnyJobKind, backoffMs, defineJobKind, type RunningJob } from './catalog.ts';
import { enqueue, enqueueMany } from './enqueue.ts';
import { createJobRunner, type JobRunner, type RunnerOptions } from './runner.ts';

/** Per-test behaviour of the test kinds, keyed by payload.tag. */
type Behaviour = (
  job: RunningJob<{ tag: string; n?: number }>,
) => Promise<undefined | { retryInMs: number; countsAsAttempt?: boolean }>;
let behave: Behaviour = async () => undefined;
const runs: string[] = [];
const exhausted: string[] = [];

const testKind = defineJobKind<{ tag: string; n?: number; account?: string; platform?: string }>({
  kind: 'test_job',
  retry: { maxAttempts: 3, baseDelayMs: 40, maxDelayMs: 200 },
  timeoutMs: 5_000,
  concurrency: (p) => ({ platform: p.platform ?? null, account: p.account ?? null }),
  run: async (job) => {
    runs.push(`${job.payload.tag}#${job.payload.n ?? 0}`);
    return behave(job);
  },
  onExhausted: async (job, error) => {
    exhausted.push(`${job.payload.tag}:${error}`);
  },
});
const shortKind = defineJobKind<{ tag: string }>({
  kind: 'test_short_timeout',
  retry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 10 },
  timeoutMs: 80,
  run: async (job) => {
    runs.push(job.payload.tag);
    await new Promise((resolve, reject) => {
      const t = setTimeout(resolve, 10_000);
      job.signal.addEventListener('abort', () => {
        clearTimeout(t);
        reject(job.signal.reason);
      });
    });
    return undefined;
  },
  onExhausted: async (job, error) => {
    exhausted.push(`${job.payload.tag}:${error}`);
  },
});
const KINDS: AnyJobKind[] = [testKind, shortKind];

function runnerFor(ctx: AppContext, over: Partial<RunnerOptions> = {}): JobRunner {
  return createJobRunner(ctx, {
    kinds: KINDS,
    limits: { total: 16, perPlatform: 16, perAccount: 16 },
    pollMs: 20,
    leaseMs: 2_000,
    ...over,
  });
}

const count = async (ctx: AppContext) =>
  Number(
    (
      await ctx.store.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

it('backoff doubles per attempt, stays within its cap and keeps half of it fixed', () => {
  const p = { maxAttempts: 9, baseDelayMs: 1000, maxDelayMs: 8000 };
  assert.equal(
    backoffMs(p, 1, () => 0),
    500,
  );
  assert.equal(
    backoffMs(p, 1, () => 1),
    1000,
  );
  assert.equal(
    backoffMs(p, 3, () => 1),
    4000,
  );
  assert.equal(
    backoffMs(p, 9, () => 1),
    8000,
  );
  assert.equal(
    backoffMs(p, 9, () => 0),
    4000,
  );
});

forEachDatabase('job runner', (dialect) => {
  let shared: SharedStores;
  let ctx: AppContext;
  let ctx2: AppContext;
  const started: JobRunner[] = [];
  const start = (c: AppContext, over: Partial<RunnerOptions> = {}) => {
    const r = runnerFor(c, over);
    started.push(r);
    r.start();
    return r;
  };

  before(async () => {
    shared = await openSharedStores(dialect, 2);
    [ctx, ctx2] = shared.contexts as [AppContext, AppContext];
  });
  after(async () => {
    for (const r of started.splice(0)) await r.stop();
    await shared.close();
  });
  beforeEach(async () => {
    for (const r of started.splice(0)) await r.stop();
    await ctx.store.db.deleteFrom('jobs').execute();
    runs.length = 0;
    exhausted.length = 0;
    behave = async () => undefined;
  });

  it('a job enqueued in a transaction exists only if the transaction commits', async () => {
    await ctx.store.db
      .transaction()
      .execute(async (trx) => {
        await enqueue(trx, { kind: testKind, projectId: null, payload: { tag: 'rolled-back' } });
        throw new Error('roll back');
      })
      .catch(() => {});
    await ctx.store.db.transaction().execute(async (trx) => {
      await enqueue(trx, { kind: testKind, projectId: null, payload: { tag: 'kept' } });
    });
    assert.equal(await count(ctx), 1);
    start(ctx);
    await until(() => runs.length === 1);
    assert.deepEqual(runs, ['kept#0']);
    await until(async () => (await count(ctx)) === 0);
  });

  it('claims in batches, runs each due job once, leaves future jobs, deletes finished ones', async () => {
    const now = Date.now();
    await enqueueMany(ctx.store.db, [
      ...Array.from({ length: 120 }, (_, n) => ({
        kind: testKind,
        projectId: null,
        payload: { tag: 'due', n },
      })),
      { kind: testKind, projectId: null, payload: { tag: 'later' }, runAt: now + 60_000 },
    ]);
    const r = start(ctx, { claimBatch: 25 });
    await until(() => runs.length === 120);
    assert.equal(new Set(runs).size, 120);
    await until(async () => (await count(ctx)) === 1);
    const left = await ctx.store.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    assert.equal(JSON.parse(left.payload).tag, 'later');
    assert.equal(left.lease_owner, null);
    assert.equal(r.stats().claimed, 120);
  });

  it('retries a failing job with backoff written into run_at, then gives up after maxAttempts', async () => {
    let failedAt = 0;
    behave = async () => {
      failedAt = Date.now();
      throw new Error('boom');
    };
    await enqueue(ctx.store.db, { kind: testKind, projectId: 'p1', payload: { tag: 'fails' } });
    const first = start(ctx);
    await until(() => runs.length === 1);
    // Stopped once the first attempt failed, the runner writes that attempt's retry and claims no
    // more: the row is read as the retry left it, not after the next claim (the backoff is 20-40 ms,
    // shorter than a busy machine takes between two reads).
    await first.stop();
    const row = await ctx.store.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    assert.equal(row.lease_owner, null);
    assert.equal(row.last_error, 'boom');
    assert.equal(row.attempts, 1);
    // Backoff after attempt 1 is between base/2 and base, counted from the failure.
    assert.ok(row.run_at >= failedAt + 20, `run_at ${row.run_at - failedAt} ms after the failure`);
    assert.ok(row.run_at <= Date.now() + 40);
    start(ctx);
    await until(() => exhausted.length === 1);
    assert.equal(runs.length, 3);
    assert.deepEqual(exhausted, ['fails:boom']);
    await until(async () => (await count(ctx)) === 0);
  });

  it('a requested wait that does not count as an attempt leaves the attempt budget alone', async () => {
    let calls = 0;
    behave = async () => (++calls <= 4 ? { retryInMs: 5, countsAsAttempt: false } : undefined);
    await enqueue(ctx.store.db, { kind: testKind, projectId: null, payload: { tag: 'waits' } });
    start(ctx);
    await until(() => runs.length === 5);
    assert.deepEqual(exhausted, []);
    await until(async () => (await count(ctx)) === 0);
  });

  it('a job whose handler overruns its timeout is aborted and retried, then given up', async () => {
    await enqueue(ctx.store.db, { kind: shortKind, projectId: null, payload: { tag: 'slow' } });
    start(ctx);
    await until(() => exhausted.length === 1);
    assert.deepEqual(runs, ['slow', 'slow']);
    assert.match(exhausted[0] ?? '', /timed out after 80 ms/);
  });

  it('takes over a job whose owner died once its lease ran out, not before', async () => {
    const now = Date.now();
    await ctx.store.db
      .insertInto('jobs')
      .values([row('expired', now - 1, 'dead-runner'), row('still-leased', now + 60_000, 'live-runner')])
      .execute();
    start(ctx);
    await until(() => runs.length === 1);
    assert.deepEqual(runs, ['expired#0']);
    const left = await ctx.store.db.selectFrom('jobs').selectAll().execute();
    await until(async () => (await count(ctx)) === 1);
    assert.equal(left.find((j) => j.id === 'still-leased')?.lease_owner, 'live-runner');
  });

  it('renews leases while a job works, so another runner never takes it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    behave = async (job) => {
      if (job.payload.tag === 'long') await gate;
      return undefined;
    };
    await enqueue(ctx.store.db, { kind: testKind, projectId: null, payload: { tag: 'long' } });
    start(ctx, { leaseMs: 300 });
    await until(() => runs.length === 1);
    start(ctx2, { leaseMs: 300 });
    // Several lease lengths pass while the first runner still works.
    await new Promise((r) => setTimeout(r, 1000));
    release();
    await until(async () => (await count(ctx)) === 0);
    assert.deepEqual(runs, ['long#0']);
  });

  it('a job whose lease ran out under its own runner (a late renewal) is not run beside itself', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    behave = async () => {
      await gate;
      return undefined;
    };
    await enqueue(ctx.store.db, { kind: testKind, projectId: null, payload: { tag: 'starved' } });
    start(ctx, { leaseMs: 300 });
    await until(() => runs.length === 1);
    // The process gets no CPU for longer than the lease, several times: when it runs again its
    // poll may claim before its renewal, and the row is due (nobody else has taken it).
    for (let i = 0; i < 5; i++) {
      const blockedUntil = performance.now() + 700;
      while (performance.now() < blockedUntil) {}
      // Time for polls (every 20 ms) to claim it again, were it due for this runner.
      await new Promise((r) => setTimeout(r, 150));
    }
    release();
    await until(async () => (await count(ctx)) === 0);
    assert.deepEqual(runs, ['starved#0']);
  });

  // PostgreSQL only: keeping a renewal waiting needs a row lock held by another connection.
  const onPostgres = dialect === 'postgres' ? it : () => {};
  onPostgres(
    'a job claimed while a lease renewal is under way is neither aborted nor dropped by that renewal',
    async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const aborted: string[] = [];
      behave = async (job) => {
        job.signal.addEventListener('abort', () => aborted.push(job.payload.tag));
        await gate;
        return undefined;
      };
      const first = await enqueue(ctx.store.db, {
        kind: testKind,
        projectId: null,
        payload: { tag: 'first' },
      });
      const r = start(ctx, { leaseMs: 600 });
      await until(() => runs.length === 1);
      // Another connection locks the first job's row: the next renewal waits for it.
      let unlock!: () => void;
      const unlocked = new Promise<void>((u) => {
        unlock = u;
      });
      const locker = ctx2.store.db.transaction().execute(async (trx) => {
        await trx.selectFrom('jobs').select('id').where('id', '=', first).forUpdate().execute();
        await unlocked;
      });
      await new Promise((w) => setTimeout(w, 400));
      await enqueue(ctx.store.db, { kind: testKind, projectId: null, payload: { tag: 'second' } });
      await until(() => runs.length === 2);
      unlock();
      await locker;
      // Several renewals later both jobs still run here, never aborted, never handed to anyone.
      await new Promise((w) => setTimeout(w, 800));
      assert.deepEqual(aborted, []);
      assert.equal(r.stats().running, 2);
      release();
      await until(async () => (await count(ctx)) === 0);
      assert.deepEqual(runs.sort(), ['first#0', 'second#0']);
    },
  );

  it('bounds jobs running at once per account, per platform and in total', async () => {
    let active = 0;
    let maxActive = 0;
    const perAccount = new Map<string, number>();
    const perPlatform = new Map<string, number>();
    let maxAccount = 0;
    let maxPlatform = 0;
    behave = async (job) => {
      const p = job.payload as unknown as { account: string; platform: string };
      active++;
      perAccount.set(p.account, (perAccount.get(p.account) ?? 0) + 1);
      perPlatform.set(p.platform, (perPlatform.get(p.platform) ?? 0) + 1);
      maxActive = Math.max(maxActive, active);
      maxAccount = Math.max(maxAccount, ...perAccount.values());
      maxPlatform = Math.max(maxPlatform, ...perPlatform.values());
      await new Promise((r) => setTimeout(r, 15));
      active--;
      perAccount.set(p.account, (perAccount.get(p.account) ?? 1) - 1);
      perPlatform.set(p.platform, (perPlatform.get(p.platform) ?? 1) - 1);
      return undefined;
    };
    await enqueueMany(
      ctx.store.db,
      Array.from({ length: 90 }, (_, n) => ({
        kind: testKind,
        projectId: null,
        payload: { tag: 'limited', n, account: `acc${n % 6}`, platform: n % 2 ? 'twitter' : 'bluesky' },
      })),
    );
    start(ctx, { limits: { total: 8, perPlatform: 5, perAccount: 2 } });
    await until(() => runs.length === 90, 20_000);
    assert.ok(maxActive <= 8, `total ${maxActive}`);
    assert.ok(maxPlatform <= 5, `platform ${maxPlatform}`);
    assert.ok(maxAccount <= 2, `account ${maxAccount}`);
    assert.ok(maxActive >= 5, `the limits still allow parallel work (saw ${maxActive})`);
  });

  it('stop() lets running jobs finish within the grace time and hands back the rest', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    behave = async (job) => {
      if (job.payload.tag === 'quick') return undefined;
      await Promise.race([
        gate,
        new Promise((_, reject) => job.signal.addEventListener('abort', () => reject(job.signal.reason))),
      ]);
      return undefined;
    };
    await enqueueMany(ctx.store.db, [
      { kind: testKind, projectId: null, payload: { tag: 'stuck' } },
      { kind: testKind, projectId: null, payload: { tag: 'queued', account: 'a' } },
    ]);
    // perAccount 0 is impossible; keep 'queued' waiting behind a busy account instead.
    await enqueue(ctx.store.db, {
      kind: testKind,
      projectId: null,
      payload: { tag: 'blocker', account: 'a' },
    });
    const r = start(ctx, {
      limits: { total: 4, perPlatform: 4, perAccount: 1 },
      stopGraceMs: 100,
      blockedReleaseMs: 60_000,
    });
    await until(() => runs.includes('stuck#0'));
    await until(() => r.stats().running + r.stats().queued === 3);
    await r.stop();
    release();
    const rows = await ctx.store.db.selectFrom('jobs').selectAll().execute();
    // Nothing stays leased: another runner can take every job at once.
    assert.ok(rows.length >= 2);
    for (const j of rows) assert.equal(j.lease_owner, null, `job ${j.payload} still leased`);
    const queuedRow = rows.find(
      (j) => JSON.parse(j.payload).tag === (runs.includes('queued#0') ? 'blocker' : 'queued'),
    );
    assert.equal(queuedRow?.attempts, 0, 'a job handed back unstarted keeps its attempt');
    const before = runs.length;
    start(ctx2);
    await until(() => runs.length >= before + rows.length);
    await until(async () => (await count(ctx)) === 0);
  });

  it('two runners on one database never run the same job twice', async () => {
    behave = async () => {
      await new Promise((r) => setTimeout(r, Math.random() * 4));
      return undefined;
    };
    await enqueueMany(
      ctx.store.db,
      Array.from({ length: 400 }, (_, n) => ({
        kind: testKind,
        projectId: null,
        payload: { tag: 'shared', n },
      })),
    );
    const a = start(ctx, { claimBatch: 20 });
    const b = start(ctx2, { claimBatch: 20 });
    await until(() => runs.length >= 400, 20_000);
    await until(async () => (await count(ctx)) === 0);
    assert.equal(runs.length, 400);
    assert.equal(new Set(runs).size, 400);
    if (dialect === 'postgres')
      assert.ok(a.stats().claimed > 0 && b.stats().claimed > 0, 'both runners took work');
  });
});

function row(id: string, runAt: number, owner: string) {
  return {
    id,
    kind: 'test_job',
    project_id: null,
    payload: JSON.stringify({ tag: id }),
    run_at: runAt,
    attempts: 1,
    max_attempts: 3,
    lease_owner: owner,
    lease_until: runAt,
    last_error: null,
    platform: null,
    account: null,
    created_at: new Date().toISOString(),
  };
}
