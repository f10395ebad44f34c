/**
 * The cache of authenticated access keys, one per store, and how it learns of a
 * revocation made anywhere (another API node, the CLI).
 *
 * Every revocation adds one to the `key_revocations` counter in the same
 * transaction. Before answering from the cache, a node makes sure it has read
 * that counter within the last REVOCATION_CHECK_MS; when it moved, the whole
 * cache is dropped. So the counter is read at most a few times a second per node
 * (one small read shared by every request in flight), never once per request, and
 * a revoked key is refused everywhere within REVOCATION_CHECK_MS plus one read.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { Role } from '../teams/roles.ts';

/** How stale a node's view of the revocation counter may be when it answers from the cache. */
export const REVOCATION_CHECK_MS = 250;
/** Entries are read again after this long even when nothing was revoked. */
const ENTRY_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface CachedKey {
  keyId: string;
  projectId: string;
  role: Role;
  profileIds: readonly string[] | null;
  hash: Buffer;
  expires: number;
}

interface KeyCache {
  entries: Map<string, CachedKey>;
  /** The revocation counter when last read (null before the first read). */
  seen: number | null;
  /** When the last completed read of the counter started. */
  checkedAt: number;
  checking: Promise<void> | null;
}

const caches = new WeakMap<Kysely<Database>, KeyCache>();

function cacheOf(db: Kysely<Database>): KeyCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), seen: null, checkedAt: 0, checking: null };
    caches.set(db, cache);
  }
  return cache;
}

async function readCounter(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('security_counters')
    .select('value')
    .where('name', '=', 'key_revocations')
    .executeTakeFirst();
  return Number(row?.value ?? 0);
}

/** Brings the cache up to date with revocations made anywhere, reading the counter only when the last read is old. */
async function syncWithRevocations(db: Kysely<Database>, cache: KeyCache): Promise<void> {
  if (Date.now() - cache.checkedAt < REVOCATION_CHECK_MS) return;
  cache.checking ??= (async () => {
    const started = Date.now();
    try {
      const value = await readCounter(db);
      if (value !== cache.seen) {
        cache.entries.clear();
        cache.seen = value;
      }
      cache.checkedAt = started;
    } finally {
      cache.checking = null;
    }
  })();
  await cache.checking;
}

/**
 * The cached entry for a key hash, valid with respect to every revocation older
 * than REVOCATION_CHECK_MS, and the counter value it was checked against (give it
 * back to rememberKey after reading a key that was not cached).
 */
export async function cachedKey(
  db: Kysely<Database>,
  hash: string,
): Promise<{ entry: CachedKey | undefined; seen: number | null }> {
  const cache = cacheOf(db);
  await syncWithRevocations(db, cache);
  const entry = cache.entries.get(hash);
  if (entry && entry.expires < Date.now()) {
    cache.entries.delete(hash);
    return { entry: undefined, seen: cache.seen };
  }
  return { entry, seen: cache.seen };
}

/**
 * Caches a key read from the store. When the counter moved since `seen` (a
 * revocation was noticed while the row was being read), the row may be stale and
 * is not kept.
 */
export function rememberKey(
  db: Kysely<Database>,
  hash: string,
  entry: Omit<CachedKey, 'expires'>,
  seen: number | null,
): void {
  const cache = cacheOf(db);
  if (cache.seen !== seen) return;
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
  cache.entries.set(hash, { ...entry, expires: Date.now() + ENTRY_TTL_MS });
}

export function forgetKey(db: Kysely<Database>, keyId: string): void {
  const cache = cacheOf(db);
  for (const [hash, entry] of cache.entries) if (entry.keyId === keyId) cache.entries.delete(hash);
}
