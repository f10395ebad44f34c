/**
 * Where the rate limit counts requests. One process (SQLite, `--role all`) counts
 * in memory, the plugin's default. Several api processes on one PostgreSQL count
 * in PostgreSQL (table rate_limits), so an access key gets RATE_LIMIT_MAX per
 * window across all of them instead of that many per process. One statement per
 * request: an upsert that starts a new window when the old one is over, or adds one.
 */
import { sql } from 'kysely';
import type { Store } from '../store/db.ts';

interface Counted {
  current: number;
  ttl: number;
}

type Callback = (err: Error | null, res?: Counted) => void;

/** Old rows (callers not seen for two windows) are deleted now and then, by a request. */
const PURGE_CHANCE = 0.001;

/** The store class @fastify/rate-limit instantiates (`store` option), counting in `store`'s database. */
export function sharedRateLimitStore(store: Store) {
  return class SharedRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number): void {
      count(store, key, timeWindow).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }

    child(): SharedRateLimitStore {
      return new SharedRateLimitStore();
    }
  };
}

async function count(store: Store, key: string, windowMs: number): Promise<Counted> {
  const now = Date.now();
  const over = sql<boolean>`rate_limits.window_start + ${windowMs} <= ${now}`;
  const row = await store.db
    .insertInto('rate_limits')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${over} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when ${over} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  if (Math.random() < PURGE_CHANCE)
    void store.db
      .deleteFrom('rate_limits')
      .where('window_start', '<', now - 2 * windowMs)
      .execute()
      .catch(() => {});
  return { current: Number(row.count), ttl: Math.max(0, Number(row.window_start) + windowMs - now) };
}
