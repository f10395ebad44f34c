/**
 * The cache of authenticated access keys (revocable-cache.ts): every revocation
 * adds one to the `key_revocations` counter, and every node drops its cached keys
 * when it sees the counter move, within REVOCATION_CHECK_MS.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { Role } from '../teams/roles.ts';
import { revocableCache } from './revocable-cache.ts';

export { REVOCATION_CHECK_MS } from './revocable-cache.ts';

export interface CachedKey {
  keyId: string;
  projectId: string;
  role: Role;
  profileIds: readonly string[] | null;
  hash: Buffer;
}

export const keyCache = revocableCache<CachedKey>('key_revocations');

export const cachedKey = (db: Kysely<Database>, hash: string) => keyCache.get(db, hash);

export const rememberKey = (db: Kysely<Database>, hash: string, entry: CachedKey, seen: number | null) =>
  keyCache.remember(db, hash, entry, seen);

export const forgetKey = (db: Kysely<Database>, keyId: string) =>
  keyCache.forget(db, (entry) => entry.keyId === keyId);
