/**
 * Where the rate limit counts requests. One process (SQLite, `--role all`) counts
 * in memory, the plugin's default. Several api processes on one PostgreSQL share one
 * budget per key and window (table rate_limits), so an access key gets RATE_LIMIT_MAX
 * per window across all of them instead of that many per process.
 *
 * A process does not write the row for every request (all requests of one key, in
 * every process, would then queue on that row's lock): it takes a lease, a part of
 * what is left of the window's budget, and spends it in memory; one statement per
 * lease. A lease is an eighth of what is left, at least 1 and at most LEASE_MAX, so
 * leases shrink as the budget runs out and near the end every request takes its own:
 * the budget handed out never exceeds the limit, and what a process holds unspent
 * when another is refused is a few requests at most. Once the row says the budget is
 * spent, the process refuses that key in memory until the window ends.
 */
import { sql } from 'kysely';
import type { Store } from '../store/db.ts';

interface Counted {
  current: number;
  ttl: number;
}

type Callback = (err: Error | null, res?: Counted) => void;

/** Old rows (callers not seen for two windows) are deleted now and then, by a lease. */
const PURGE_CHANCE = 0.01;
/** The largest lease: a process that stops holds at most this many unspent requests of a key. */
export const LEASE_MAX = 64;
/** Keys a process remembers at most (a flood of distinct addresses must not grow it without end). */
const KEYS_MAX = 10_000;

interface Lease {
  /** Epoch ms when the window began, as the row says. */
  windowStart: number;
  /** Requests of the lease not spent yet. */
  left: number;
  /** What the row had handed out, this lease included, when it was taken. */
  handedOut: number;
  /** The row refused: the window's budget is spent. */
  spent: boolean;
  /** The statement taking the next lease, which concurrent requests of the key wait for. */
  taking: Promise<void> | null;
}

/** The store class @fastify/rate-limit instantiates (`store` option), sharing budgets through `store`'s database. */
export function sharedRateLimitStore(store: Store) {
  const leases = new Map<string, Lease>();
  return class SharedRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      spend(store, leases, key, timeWindow, max).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }

    child(): SharedRateLimitStore {
      return new SharedRateLimitStore();
    }
  };
}

async function spend(
  store: Store,
  leases: Map<string, Lease>,
  key: string,
  windowMs: number,
  max: number,
): Promise<Counted> {
  for (;;) {
    const now = Date.now();
    let lease = leases.get(key);
    if (lease && !lease.taking && lease.windowStart + windowMs <= now) {
      leases.delete(key);
      lease = undefined;
    }
    if (!lease) {
      if (leases.size >= KEYS_MAX) forgetEnded(leases, windowMs, now);
      lease = { windowStart: now, left: 0, handedOut: 0, spent: false, taking: null };
      leases.set(key, lease);
    }
    if (lease.taking) {
      await lease.taking;
      continue;
    }
    const ttl = Math.max(0, lease.windowStart + windowMs - now);
    if (lease.left > 0) {
      lease.left -= 1;
      // Requests this process knows of: what was handed out, less what it still holds.
      return { current: lease.handedOut - lease.left, ttl };
    }
    if (lease.spent) return { current: max + 1, ttl };
    const taking = takeLease(store, key, windowMs, max, now).then((row) => {
      lease.windowStart = row.windowStart;
      lease.handedOut = row.handedOut;
      lease.left = row.granted;
      lease.spent = row.granted === 0;
    });
    lease.taking = taking.finally(() => {
      lease.taking = null;
    });
    // A failed statement fails the request (the plugin lets it through: skipOnError) and the next one tries again.
    await lease.taking;
  }
}

function forgetEnded(leases: Map<string, Lease>, windowMs: number, now: number): void {
  for (const [key, lease] of leases)
    if (!lease.taking && lease.windowStart + windowMs <= now) leases.delete(key);
  // Still full of live windows: forget the oldest; its key's next request takes a new lease.
  for (const key of leases.keys()) {
    if (leases.size < KEYS_MAX) break;
    if (!leases.get(key)?.taking) leases.delete(key);
  }
}

interface Taken {
  windowStart: number;
  handedOut: number;
  granted: number;
}

/**
 * One statement: starts a new window when the old one is over, and hands out the
 * next lease from what is left of the budget (0 when nothing is).
 */
async function takeLease(
  store: Store,
  key: string,
  windowMs: number,
  max: number,
  now: number,
): Promise<Taken> {
  const over = sql<boolean>`rate_limits.window_start + ${windowMs} <= ${now}`;
  const before = sql<number>`(case when ${over} then 0 else rate_limits.count end)`;
  const lease = (handedOut: ReturnType<typeof sql<number>>) =>
    sql<number>`(case when ${handedOut} >= ${max}::integer then 0
      else least(${LEASE_MAX}::integer, greatest(1, (${max}::integer - ${handedOut}) / 8)) end)`;
  const first = Math.min(LEASE_MAX, Math.max(1, Math.floor(max / 8)));
  const row = await store.db
    .insertInto('rate_limits')
    .values({ key, window_start: now, count: first, granted: first })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`${before} + ${lease(before)}`,
        granted: lease(before),
        window_start: sql<number>`case when ${over} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(['count', 'window_start', 'granted'])
    .executeTakeFirstOrThrow();
  if (Math.random() < PURGE_CHANCE)
    void store.db
      .deleteFrom('rate_limits')
      .where('window_start', '<', now - 2 * windowMs)
      .execute()
      .catch(() => {});
  return {
    windowStart: Number(row.window_start),
    handedOut: Number(row.count),
    granted: Number(row.granted),
  };
}
