/**
 * Reads of single rows by key that many callers ask for at the same moment (every
 * job of a runner starting a publish reads its account) gathered into one query
 * per turn of the event loop. Each caller gets what a read of its own, made at
 * that moment, would have returned: the rows are read after every request of the
 * turn was made.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

type Load<V> = (db: Kysely<Database>, keys: string[]) => Promise<Map<string, V>>;

interface Pending<V> {
  waiters: Map<string, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]>;
}

const CHUNK = 500;

/** Returns `read(db, key)`: the row of `key`, or undefined, loaded together with the other keys asked for now. */
export function coalescedReads<V>(
  load: Load<V>,
): (db: Kysely<Database>, key: string) => Promise<V | undefined> {
  const pendingByDb = new WeakMap<Kysely<Database>, Pending<V>>();

  async function flush(db: Kysely<Database>, pending: Pending<V>): Promise<void> {
    const entries = [...pending.waiters];
    for (let i = 0; i < entries.length; i += CHUNK) {
      const chunk = entries.slice(i, i + CHUNK);
      try {
        const rows = await load(
          db,
          chunk.map(([key]) => key),
        );
        for (const [key, waiters] of chunk) for (const w of waiters) w.resolve(rows.get(key));
      } catch (err) {
        for (const [, waiters] of chunk) for (const w of waiters) w.reject(err);
      }
    }
  }

  return (db, key) =>
    new Promise((resolve, reject) => {
      let pending = pendingByDb.get(db);
      if (!pending) {
        const fresh: Pending<V> = { waiters: new Map() };
        pending = fresh;
        pendingByDb.set(db, fresh);
        setImmediate(() => {
          pendingByDb.delete(db);
          void flush(db, fresh);
        });
      }
      const list = pending.waiters.get(key);
      if (list) list.push({ resolve, reject });
      else pending.waiters.set(key, [{ resolve, reject }]);
    });
}
