/**
 * The job runner: claims due jobs in batches, runs them under a lease it renews
 * while they work, bounded per platform and per account, writes retries'
 * backoff into run_at, deletes finished jobs in batches, and on stop hands back
 * every lease it still holds. Any number of runners (processes, nodes) may share
 * one database; a runner that dies loses its leases and the others take over.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../context.ts';
import { type AnyJobKind, catalogOf, type RunningJob } from './catalog.ts';
import { onJobsEnqueued } from './enqueue.ts';
import { ConcurrencyLimits, type LimitSettings } from './limits.ts';
import { decideFailure } from './outcome.ts';
import { claimById, claimDue, deleteFinished, type JobRow, releaseJobs, renewLeases } from './queue-store.ts';

/** The longest delay a Node timer takes (2^31-1 ms). */
export const MAX_TIMER_MS = 2_147_483_647;
export interface RunnerOptions {
  kinds: readonly AnyJobKind[];
  limits: LimitSettings;
  pollMs: number;
  leaseMs: number;
  /** Most jobs taken by one claim. */
  claimBatch?: number;
  /** How long stop() lets running jobs finish before aborting them. */
  stopGraceMs?: number;
  /** A claimed job that can not start for this long (its keys are busy) goes back to the table. */
  blockedReleaseMs?: number;
  owner?: string;
}

export interface JobRunner {
  readonly owner: string;
  start(): void;
  /** Stops claiming, lets running jobs finish (up to the grace time), hands back all leases. */
  stop(): Promise<void>;
  /** Counts for tests and metrics. */
  stats(): { running: number; queued: number; finished: number; claimed: number };
  limits: ConcurrencyLimits;
}

/**
 * The started runners of this process, by what each holds: a wake (wakeJob) reaches
 * all of them, and only one may act on it. Two claiming at once could run a job twice
 * for one wake: the second claim, reaching the database after the first runner's run
 * had ended and handed the row back, would find it free and run it again.
 */
const localRunners = new Set<{ holds(id: string): boolean }>();

interface Held {
  row: JobRow;
  kind: AnyJobKind;
  claimedAt: number;
  /** When its lease ends as this runner last set it (claim or renewal), Date.now() time. */
  leaseUntil: number;
  /** A renewal found the lease taken by another runner: this run no longer holds the job. */
  lost?: boolean;
  abort: AbortController;
  /** The handler returned or threw: what follows only records it (a claim now is a new run). */
  ended?: boolean;
}

export function createJobRunner(ctx: AppContext, options: RunnerOptions): JobRunner {
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const catalog = catalogOf(options.kinds);
  const kindNames = [...catalog.keys()];
  const limits = new ConcurrencyLimits(options.limits);
  const claimBatch = options.claimBatch ?? 200;
  const blockedReleaseMs = options.blockedReleaseMs ?? 2000;
  const log = ctx.log.child({ component: 'jobs', owner });

  const queued: Held[] = [];
  const running = new Map<string, { held: Held; done: Promise<void> }>();
  let finished: string[] = [];
  const counters = { finished: 0, claimed: 0 };
  let started = false;
  let stopping = false;
  let claiming = false;
  let tickAgain = false;
  let tickTimer: NodeJS.Timeout | null = null;
  let tickAt = Number.POSITIVE_INFINITY;
  let flushing: Promise<void> | null = null;
  let renewTimer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  /** Jobs asked to run now (wakeJob) while this runner held or was claiming them. */
  const runAgain = new Set<string>();
  const claimingById = new Set<string>();
  /** Whether this runner runs, holds or is claiming the job (see localRunners). */
  const local = {
    holds: (id: string) => running.has(id) || claimingById.has(id) || queued.some((h) => h.row.id === id),
  };

  /**
   * Node's timers hold at most 2^31-1 ms (24.8 days); a longer delay warns on stderr
   * (not a JSON log line) and fires at once. A job due later (a post scheduled a
   * year ahead) is still found by the regular poll, so the wake-up is clamped.
   */
  const timerDelay = (ms: number) => Math.min(Math.max(0, ms), MAX_TIMER_MS);

  function scheduleTick(delayMs: number): void {
    if (stopping || !started) return;
    const at = Date.now() + Math.max(0, delayMs);
    if (tickTimer && tickAt <= at) return;
    if (tickTimer) clearTimeout(tickTimer);
    tickAt = at;
    tickTimer = setTimeout(() => {
      tickTimer = null;
      tickAt = Number.POSITIVE_INFINITY;
      void tick();
    }, timerDelay(delayMs));
  }

  async function tick(): Promise<void> {
    if (stopping) return;
    if (claiming) {
      tickAgain = true;
      return;
    }
    claiming = true;
    let next = options.pollMs;
    try {
      const free = limits.settings.total - limits.active - queued.length;
      const want = Math.min(free, claimBatch);
      if (want > 0) {
        const now = Date.now();
        const rows = await claimDue(ctx.store, {
          owner,
          kinds: kindNames,
          now,
          leaseMs: options.leaseMs,
          limit: want,
          except: ownExpired(now),
        });
        hold(rows, now);
        // A full batch means more may be waiting: claim again as soon as there is room.
        if (rows.length === want) next = 0;
        if (stopping) await releaseQueued();
        else dispatch();
      }
    } catch (err) {
      if (!stopping) log.error({ err }, 'claiming jobs failed; retrying at the next poll');
    } finally {
      claiming = false;
    }
    if (tickAgain) {
      tickAgain = false;
      next = 0;
    }
    scheduleTick(next);
  }

  function hold(rows: readonly JobRow[], now: number): void {
    counters.claimed += rows.length;
    for (const row of rows) {
      const kind = catalog.get(row.kind);
      if (kind)
        queued.push({
          row,
          kind,
          claimedAt: now,
          leaseUntil: now + options.leaseMs,
          abort: new AbortController(),
        });
    }
  }

  /**
   * Jobs this runner holds whose lease may have run out by `now` (its renewal came late:
   * a process starved of CPU, a slow database). Claiming them again would run a job
   * beside itself (a webhook sent twice while the first POST is still in flight); the
   * late renewal keeps them, since nobody else has taken them. A job taken by another
   * runner meanwhile (lost) may be claimed again like any other.
   */
  function ownExpired(now: number): string[] {
    const ids: string[] = [];
    for (const h of queued) if (h.leaseUntil <= now) ids.push(h.row.id);
    for (const [id, r] of running)
      if (!r.held.ended && !r.held.lost && r.held.leaseUntil <= now) ids.push(id);
    return ids;
  }

  /**
   * A job asked to run now (wakeJob): run it again right after its current run
   * when this runner holds it, otherwise claim it if nobody does. Another runner of
   * this process that holds it or is claiming it answers the wake itself.
   */
  function wake(id: string): void {
    if (stopping || !started) return;
    if (running.has(id) || claimingById.has(id)) {
      runAgain.add(id);
      return;
    }
    if (queued.some((h) => h.row.id === id)) return;
    for (const other of localRunners) if (other !== local && other.holds(id)) return;
    claimingById.add(id);
    const now = Date.now();
    claimById(ctx.store, { owner, id, kinds: kindNames, now, leaseMs: options.leaseMs })
      .then((row) => {
        if (!row) return;
        hold([row], now);
        if (stopping) return releaseQueued();
        dispatch();
      })
      .catch((err) => log.error({ err, job: id }, 'claiming a woken job failed; it runs at its time'))
      .finally(() => {
        claimingById.delete(id);
        if (runAgain.delete(id)) wake(id);
      });
  }

  /** Starts queued jobs the limits allow; hands back jobs blocked too long. */
  function dispatch(): void {
    const now = Date.now();
    const stale: Held[] = [];
    for (let i = 0; i < queued.length; ) {
      const h = queued[i] as Held;
      if (limits.allows(h.row)) {
        queued.splice(i, 1);
        begin(h);
      } else if (now - h.claimedAt > blockedReleaseMs) {
        queued.splice(i, 1);
        stale.push(h);
      } else i++;
    }
    if (stale.length > 0) {
      void releaseJobs(ctx.store, {
        owner,
        ids: stale.map((h) => h.row.id),
        runAt: now + Math.round(Math.random() * 200),
        refundAttempt: true,
      }).catch((err) => log.error({ err }, 'handing back blocked jobs failed'));
    }
  }

  function begin(h: Held): void {
    limits.acquire(h.row);
    const done = execute(h).finally(() => {
      // A run that lost its job may end after the job's next run began here: that one stays.
      if (running.get(h.row.id)?.held === h) running.delete(h.row.id);
      limits.release(h.row);
      if (!stopping) {
        dispatch();
        scheduleTick(0);
        // Woken while its release was being written: claim it again now.
        if (runAgain.delete(h.row.id)) wake(h.row.id);
      }
    });
    running.set(h.row.id, { held: h, done });
  }

  async function execute(h: Held): Promise<void> {
    const { row, kind, abort } = h;
    const timeout = setTimeout(
      () => abort.abort(new Error(`job ${row.kind} timed out after ${kind.timeoutMs} ms`)),
      kind.timeoutMs,
    );
    const job: RunningJob<unknown> = {
      id: row.id,
      kind: row.kind,
      projectId: row.project_id,
      payload: JSON.parse(row.payload) as unknown,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      lastError: row.last_error,
      signal: abort.signal,
      leaseOwner: owner,
    };
    try {
      const result = await kind.run(job, ctx);
      h.ended = true;
      if (result === undefined) {
        markFinished(row.id);
        return;
      }
      const counts = result.countsAsAttempt !== false;
      // A run that does not count can not use up the attempts: only the wait is asked for.
      const decision = decideFailure({
        failures: counts ? row.attempts : 0,
        maxAttempts: row.max_attempts,
        spacing: { fixedMs: result.retryInMs },
      });
      if (decision.action === 'give_up') {
        await giveUp(h, job, result.reason ?? 'retry requested after the last attempt');
        return;
      }
      // Woken during the run (new work for a recurring job): due again at once.
      const inMs = runAgain.delete(row.id) ? 0 : decision.inMs;
      await releaseJobs(ctx.store, {
        owner,
        ids: [row.id],
        runAt: Date.now() + inMs,
        refundAttempt: !counts,
        error: result.reason ?? null,
      });
      // Claimed again on time here, not at the next poll (pending looks, recurring periods).
      scheduleTick(inMs + 2);
    } catch (err) {
      h.ended = true;
      const message = err instanceof Error ? err.message : String(err);
      if (abort.signal.aborted && stopping) {
        // Aborted by stop(): hand it back at once; the next runner continues.
        await releaseJobs(ctx.store, {
          owner,
          ids: [row.id],
          runAt: Date.now(),
          refundAttempt: false,
          error: message,
        });
        return;
      }
      const decision = decideFailure({
        failures: row.attempts,
        maxAttempts: row.max_attempts,
        spacing: { backoff: kind.retry },
      });
      if (decision.action === 'give_up') {
        await giveUp(h, job, message);
        return;
      }
      const delay = decision.inMs;
      log.warn(
        { job: row.id, kind: row.kind, attempt: row.attempts, delay, err: message },
        'job failed; will retry',
      );
      await releaseJobs(ctx.store, {
        owner,
        ids: [row.id],
        runAt: Date.now() + delay,
        refundAttempt: false,
        error: message,
      }).catch((e) => log.error({ err: e, job: row.id }, 'recording a job retry failed'));
    } finally {
      clearTimeout(timeout);
    }
  }

  async function giveUp(h: Held, job: RunningJob<unknown>, message: string): Promise<void> {
    try {
      await h.kind.onExhausted?.(job, message, ctx);
      markFinished(h.row.id);
      log.warn({ job: h.row.id, kind: h.row.kind, err: message }, 'job gave up after its last attempt');
    } catch (err) {
      log.error({ err, job: h.row.id }, 'onExhausted failed; the job will run again');
      await releaseJobs(ctx.store, {
        owner,
        ids: [h.row.id],
        runAt: Date.now() + h.kind.retry.maxDelayMs,
        refundAttempt: true,
        error: message,
      }).catch(() => {});
    }
  }

  function markFinished(id: string): void {
    counters.finished++;
    finished.push(id);
    if (finished.length >= 200) void flush();
  }

  /** Deletes finished jobs in one statement per batch; one flush at a time. */
  function flush(): Promise<void> {
    if (flushing) return flushing;
    if (finished.length === 0) return Promise.resolve();
    const ids = finished;
    finished = [];
    flushing = deleteFinished(ctx.store, owner, ids)
      .catch((err) => {
        log.error({ err }, 'deleting finished jobs failed; retrying');
        finished.push(...ids);
      })
      .finally(() => {
        flushing = null;
      });
    return flushing;
  }

  function heldIds(): string[] {
    return [...queued.map((h) => h.row.id), ...running.keys(), ...finished];
  }

  async function renew(): Promise<void> {
    const ids = heldIds();
    if (ids.length === 0) return;
    // The runs this renewal is for: a run that began while it was under way (the job was
    // handed back and claimed again) holds a lease this renewal did not ask about.
    const asked = new Map<string, Held | null>(ids.map((id) => [id, null]));
    for (const h of queued) asked.set(h.row.id, h);
    for (const [id, r] of running) asked.set(id, r.held);
    const now = Date.now();
    const still = await renewLeases(ctx.store, { owner, ids, now, leaseMs: options.leaseMs });
    for (const [id, h] of asked) {
      if (!h) continue;
      if (still.has(id)) h.leaseUntil = Math.max(h.leaseUntil, now + options.leaseMs);
      else h.lost = true;
    }
    const lost = (h: Held) => asked.get(h.row.id) === h && h.lost === true;
    for (const r of running.values()) {
      if (lost(r.held)) r.held.abort.abort(new Error('the job lease was lost to another runner'));
    }
    for (let i = queued.length - 1; i >= 0; i--) {
      if (lost(queued[i] as Held)) queued.splice(i, 1);
    }
  }

  async function releaseQueued(): Promise<void> {
    const ids = queued.splice(0).map((h) => h.row.id);
    if (ids.length > 0) await releaseJobs(ctx.store, { owner, ids, runAt: Date.now(), refundAttempt: true });
  }

  return {
    owner,
    limits,
    start() {
      if (started) return;
      started = true;
      localRunners.add(local);
      unsubscribe = onJobsEnqueued((runAt, jobId) => {
        if (jobId !== undefined) {
          wake(jobId);
          return;
        }
        const delay = runAt - Date.now();
        scheduleTick(delay + 2);
        // The enqueuing transaction may commit a little later than it called us.
        setTimeout(() => scheduleTick(0), timerDelay(delay + 40)).unref();
      });
      const renewEvery = Math.max(50, Math.floor(options.leaseMs / 3));
      renewTimer = setInterval(() => {
        void flush();
        renew().catch((err) => log.error({ err }, 'renewing job leases failed'));
      }, renewEvery);
      const flushTimer = setInterval(() => void flush(), 100);
      flushTimer.unref();
      const prevUnsub = unsubscribe;
      unsubscribe = () => {
        prevUnsub();
        clearInterval(flushTimer);
      };
      scheduleTick(0);
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      unsubscribe?.();
      localRunners.delete(local);
      if (tickTimer) clearTimeout(tickTimer);
      while (claiming || claimingById.size > 0) await new Promise((r) => setTimeout(r, 5));
      await releaseQueued();
      const grace = options.stopGraceMs ?? 5000;
      const all = () => Promise.all([...running.values()].map((r) => r.done));
      const timedOut = await Promise.race([
        all().then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), grace).unref()),
      ]);
      if (timedOut) {
        for (const r of running.values()) r.held.abort.abort(new Error('the worker is stopping'));
        await Promise.race([all(), new Promise((r) => setTimeout(r, 2000).unref())]);
      }
      if (renewTimer) clearInterval(renewTimer);
      await flush();
      await flush();
      // Whatever still runs after the abort is handed back as it is; its attempt stays counted.
      const left = [...running.keys()];
      if (left.length > 0)
        await releaseJobs(ctx.store, { owner, ids: left, runAt: Date.now(), refundAttempt: false });
    },
    stats() {
      return { running: running.size, queued: queued.length, ...counters };
    },
  };
}
