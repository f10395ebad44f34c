/**
 * Recurring jobs through real runners on one database: one row per kind however
 * many workers start, runs on schedule and never two at once, a dead node's run
 * taken over once its lease ends, a wake that runs it at once, a clean stop.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { forEachDatabase } from '../../test/harness.ts';
import { openSharedStores, type SharedStores, until } from '../../test/shared-store.ts';
import type { AppContext } from '../context.ts';
import { defineRecurringJob, ensureRecurringJobs, recurringJobId, runRecurringSoon } from './recurring.ts';
import { createJobRunner, type JobRunner } from './runner.ts';

const PERIOD_MS = 120;
const starts: { at: number; by: string }[] = [];
let active = 0;
let mostAtOnce = 0;
let runTakesMs = 20;

const everyKind = defineRecurringJob({
  kind: 'test_every',
  timeoutMs: 5_000,
  everyMs: () => PERIOD_MS,
  async run(ctx) {
    starts.push({ at: Date.now(), by: ctx.store.describe });
    active++;
    mostAtOnce = Math.max(mostAtOnce, active);
    await new Promise((r) => setTimeout(r, runTakesMs));
    active--;
  },
});
let slowRuns = 0;
let slowActive = 0;
let slowMostAtOnce = 0;
let slowTakesMs = 0;
const slowKind = defineRecurringJob({
  kind: 'test_hourly',
  timeoutMs: 5_000,
  everyMs: () => 3_600_000,
  firstRunAfterMs: () => 3_600_000,
  async run() {
    slowRuns++;
    slowActive++;
    slowMostAtOnce = Math.max(slowMostAtOnce, slowActive);
    try {
      if (slowTakesMs > 0) await new Promise((r) => setTimeout(r, slowTakesMs));
      if (slowRuns === 1) throw new Error('a failing run does not end the schedule');
    } finally {
      slowActive--;
    }
  },
});
/**
 * The waits below are for events that take milliseconds; their limit only turns a
 * run that never comes into a failure with a message, on the busiest machine.
 */
const NEVER_MS = 60_000;
const KINDS = [everyKind, slowKind];

forEachDatabase('recurring jobs', (dialect) => {
  let shared: SharedStores;
  let ctxs: AppContext[];
  const runners: JobRunner[] = [];
  const startRunner = (ctx: AppContext, leaseMs = 1_000) => {
    const r = createJobRunner(ctx, {
      kinds: KINDS,
      limits: { total: 8, perPlatform: 8, perAccount: 8 },
      pollMs: 20,
      leaseMs,
      stopGraceMs: 1_000,
    });
    runners.push(r);
    r.start();
    return r;
  };
  const rows = (ctx: AppContext) => ctx.store.db.selectFrom('jobs').selectAll().orderBy('id').execute();

  before(async () => {
    shared = await openSharedStores(dialect, 2);
    ctxs = shared.contexts;
  });
  after(async () => {
    for (const r of runners.splice(0)) await r.stop();
    await shared.close();
  });
  beforeEach(async () => {
    for (const r of runners.splice(0)) await r.stop();
    await (ctxs[0] as AppContext).store.db.deleteFrom('jobs').execute();
    starts.length = 0;
    active = 0;
    mostAtOnce = 0;
    runTakesMs = 20;
    slowRuns = 0;
    slowActive = 0;
    slowMostAtOnce = 0;
    slowTakesMs = 0;
  });

  it('two workers starting at once make one row per kind and run it one at a time, on schedule', async () => {
    await Promise.all(ctxs.map((c) => ensureRecurringJobs(c.store, c.config, KINDS)));
    await Promise.all(ctxs.map((c) => ensureRecurringJobs(c.store, c.config, KINDS)));
    for (const c of ctxs) startRunner(c);
    await until(() => starts.length >= 6, NEVER_MS);
    const all = await rows(ctxs[0] as AppContext);
    assert.deepEqual(
      all.map((r) => [r.id, r.kind]),
      [
        [recurringJobId('test_every'), 'test_every'],
        [recurringJobId('test_hourly'), 'test_hourly'],
      ],
    );
    assert.equal(mostAtOnce, 1, 'never two runs at once');
    for (let i = 1; i < starts.length; i++) {
      const gap = (starts[i]?.at ?? 0) - (starts[i - 1]?.at ?? 0);
      assert.ok(gap >= PERIOD_MS + runTakesMs - 5, `run ${i} started ${gap} ms after the one before`);
    }
    assert.equal(slowRuns, 0, 'the hourly kind waits for its first period');
    const every = all.find((r) => r.kind === 'test_every');
    assert.ok((every?.attempts ?? 0) <= 1, 'runs do not use up attempts');
  });

  it('a node that died holding the job loses it when its lease ends; another node runs it then', async () => {
    await ensureRecurringJobs((ctxs[0] as AppContext).store, (ctxs[0] as AppContext).config, KINDS);
    const leaseEnds = Date.now() + 400;
    await (ctxs[0] as AppContext).store.db
      .updateTable('jobs')
      .set({ lease_owner: 'dead-node', lease_until: leaseEnds, run_at: leaseEnds })
      .where('id', '=', recurringJobId('test_every'))
      .execute();
    startRunner(ctxs[1] as AppContext);
    await until(() => starts.length >= 2, NEVER_MS);
    assert.ok((starts[0]?.at ?? 0) >= leaseEnds, 'not taken while the dead node still had the lease');
  });

  it('a wake runs a job at once, and again right after a run it arrived during', async () => {
    await ensureRecurringJobs((ctxs[0] as AppContext).store, (ctxs[0] as AppContext).config, KINDS);
    for (const c of ctxs) startRunner(c);
    // The kind runs hourly: any run within the test can only be a wake's, however slow the machine.
    runRecurringSoon(slowKind);
    await until(() => slowRuns === 1, NEVER_MS);
    // The first run failed: the schedule goes on, and it answers the next wake too.
    runRecurringSoon(slowKind);
    await until(() => slowRuns === 2, NEVER_MS);
    const row = (await rows(ctxs[0] as AppContext)).find((r) => r.kind === 'test_hourly');
    assert.ok(row, 'the row survives a failed run');
    await until(async () => {
      const r = (await rows(ctxs[0] as AppContext)).find((x) => x.kind === 'test_hourly');
      return r?.lease_owner === null && r.run_at > Date.now() + 3_000_000;
    }, NEVER_MS);

    // A wake that arrives while a run is under way: one more run after it, not an hour later.
    slowTakesMs = 200;
    runRecurringSoon(slowKind);
    await until(() => slowActive === 1, NEVER_MS);
    runRecurringSoon(slowKind);
    await until(() => slowRuns === 4, NEVER_MS);
    assert.equal(slowMostAtOnce, 1, 'never two runs at once');
  });

  it('a wake reaching two runners of one process runs the job once, even when one claims slowly', async () => {
    await ensureRecurringJobs((ctxs[0] as AppContext).store, (ctxs[0] as AppContext).config, KINDS);
    // The second runner's claims reach the database late (a pool opening a connection, a
    // busy node): after the first runner's run has ended and handed the row back.
    const slow = ctxs[1] as AppContext;
    startRunner(ctxs[0] as AppContext);
    const slowClaims = { sent: 0, done: 0 };
    startRunner({ ...slow, store: { ...slow.store, db: withSlowClaims(slow.store.db, 80, slowClaims) } });
    const handedBack = async () => {
      const r = (await rows(ctxs[0] as AppContext)).find((x) => x.kind === 'test_hourly');
      return r?.lease_owner === null && r.run_at > Date.now() + 3_000_000;
    };
    for (let wake = 1; wake <= 3; wake++) {
      runRecurringSoon(slowKind);
      await until(() => slowRuns >= wake, NEVER_MS);
      await until(handedBack, NEVER_MS);
      // Every slow claim this wake sent has reached the database: had one taken the row
      // again, the row would be leased or the job would have run once more.
      const sent = slowClaims.sent;
      await until(() => slowClaims.done >= sent, NEVER_MS);
      assert.ok(await handedBack(), `wake ${wake}: a late claim took the row again`);
      assert.equal(slowRuns, wake, `wake ${wake} ran the job ${slowRuns - wake + 1} times`);
    }
  });

  it('stop lets a run finish, hands the row back, and nothing runs afterwards', async () => {
    await ensureRecurringJobs((ctxs[0] as AppContext).store, (ctxs[0] as AppContext).config, KINDS);
    runTakesMs = 150;
    for (const c of ctxs) startRunner(c);
    await until(() => active === 1, NEVER_MS);
    for (const r of runners.splice(0)) await r.stop();
    assert.equal(active, 0, 'the run in progress finished');
    const count = starts.length;
    const all = await rows(ctxs[0] as AppContext);
    assert.equal(all.length, 2, 'the rows stay for the next start');
    for (const r of all) assert.equal(r.lease_owner, null, `${r.kind} handed back`);
    await new Promise((r) => setTimeout(r, PERIOD_MS * 3));
    assert.equal(starts.length, count);
  });
});

/**
 * The database `db` with every UPDATE that reads back one row (a claim by id) sent
 * `delayMs` late; `count` says how many were sent and how many have been answered.
 */
function withSlowClaims<D extends object>(db: D, delayMs: number, count: { sent: number; done: number }): D {
  const slowChain = (builder: object): object =>
    new Proxy(builder, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function') return value;
        if (prop === 'executeTakeFirst')
          return async (...args: unknown[]) => {
            count.sent++;
            try {
              await new Promise((r) => setTimeout(r, delayMs));
              return await value.apply(target, args);
            } finally {
              count.done++;
            }
          };
        return (...args: unknown[]) => {
          const out = value.apply(target, args);
          return out && typeof out === 'object' && 'executeTakeFirst' in out ? slowChain(out) : out;
        };
      },
    });
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop !== 'updateTable' || typeof value !== 'function') return value;
      return (...args: unknown[]) => slowChain(value.apply(target, args));
    },
  });
}
