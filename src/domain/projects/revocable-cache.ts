/**
 * A per-store cache of credentials (access keys, sessions) that learns of a
 * revocation made anywhere (another API node, the CLI) within a fraction of a second.
 *
 * Every revocation adds one to a counter in `security_counters` in the same
 * transaction. Before answering from the cache, a node makes sure it has read
 * that counter within the last REVOCATION_CHECK_MS; when it moved, the whole
 * cache is dropped. So the counter is read at most a few times a second per node
 * (one small read shared by every request in flight), never once per request, and
 * a revoked credential is refused everywhere within REVOCATION_CHECK_MS plus one read.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../store/schema.ts';

/** How stale a node's view of a revocation counter may be when it answers from the cache. */
export const REVOCATION_CHECK_MS = 250;
/** Entries are read again after this long even when nothing was revoked. */
const ENTRY_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface CacheState<E> {
  entries: Map<string, E & { expires: number }>;
  /** The revocation counter when last read (null before the first read). */
  seen: number | null;
  /** When the last completed read of the counter started. */
  checkedAt: number;
  checking: Promise<void> | null;
}

export interface RevocableCache<E> {
  /**
   * The cached entry for a credential's hash, valid with respect to every revocation
   * older than REVOCATION_CHECK_MS, and the counter value it was checked against
   * (give it back to `remember` after reading a credential that was not cached).
   */
  get(db: Kysely<Database>, hash: string): Promise<{ entry: E | undefined; seen: number | null }>;
  /**
   * Caches a credential read from the store. When the counter moved since `seen` (a
   * revocation was noticed while the row was being read), the row may be stale and
   * is not kept.
   */
  remember(db: Kysely<Database>, hash: string, entry: E, seen: number | null): void;
  /** Drops this node's entries that match, at once (the counter tells the other nodes). */
  forget(db: Kysely<Database>, match: (entry: E) => boolean): void;
  /** Adds one to the counter every node watches; call it in the transaction that revokes. */
  bump(trx: Kysely<Database> | Transaction<Database>): Promise<void>;
}

/** A cache watching the `security_counters` row named `counter` (created by a migration). */
export function revocableCache<E>(counter: string): RevocableCache<E> {
  const caches = new WeakMap<Kysely<Database>, CacheState<E>>();

  const stateOf = (db: Kysely<Database>): CacheState<E> => {
    let state = caches.get(db);
    if (!state) {
      state = { entries: new Map(), seen: null, checkedAt: 0, checking: null };
      caches.set(db, state);
    }
    return state;
  };

  const readCounter = async (db: Kysely<Database>): Promise<number> => {
    const row = await db
      .selectFrom('security_counters')
      .select('value')
      .where('name', '=', counter)
      .executeTakeFirst();
    return Number(row?.value ?? 0);
  };

  /** Brings the cache up to date with revocations made anywhere, reading the counter only when the last read is old. */
  const sync = async (db: Kysely<Database>, state: CacheState<E>): Promise<void> => {
    if (Date.now() - state.checkedAt < REVOCATION_CHECK_MS) return;
    state.checking ??= (async () => {
      const started = Date.now();
      try {
        const value = await readCounter(db);
        if (value !== state.seen) {
          state.entries.clear();
          state.seen = value;
        }
        state.checkedAt = started;
      } finally {
        state.checking = null;
      }
    })();
    await state.checking;
  };

  return {
    async get(db, hash) {
      const state = stateOf(db);
      await sync(db, state);
      const entry = state.entries.get(hash);
      if (entry && entry.expires < Date.now()) {
        state.entries.delete(hash);
        return { entry: undefined, seen: state.seen };
      }
      return { entry, seen: state.seen };
    },
    remember(db, hash, entry, seen) {
      const state = stateOf(db);
      if (state.seen !== seen) return;
      if (state.entries.size >= MAX_ENTRIES) state.entries.clear();
      state.entries.set(hash, { ...entry, expires: Date.now() + ENTRY_TTL_MS });
    },
    forget(db, match) {
      const state = stateOf(db);
      for (const [hash, entry] of state.entries) if (match(entry)) state.entries.delete(hash);
    },
    async bump(trx) {
      await trx
        .updateTable('security_counters')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .where('name', '=', counter)
        .execute();
    },
  };
}
