/**
 * Access keys: random, shown once, stored only as a sha256 hash, compared in
 * constant time. A project may hold several; a revoked key stops working at once
 * on the node that revoked it and within a second on every other node
 * (key-cache.ts: a revocation counter read a few times a second, not per request).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { invalid, notFound } from '../../errors.ts';
import type { Caller } from '../../http/route.ts';
import { recordAudit } from '../audit/record.ts';
import { newCredential } from '../credentials.ts';
import { newId } from '../ids.ts';
import { isRole, type Role } from '../teams/roles.ts';
import { cachedKey, forgetKey, keyCache, rememberKey } from './key-cache.ts';

const KEY_PREFIX = 'sps_';

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export interface KeyInfo {
  id: string;
  projectId: string;
  prefix: string;
  name: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  role: Role;
  profileIds: string[] | null;
}

/** A narrower key: a role below owner (read-only `viewer`, publishing `editor`, ...) and/or some profiles only. */
export interface KeyReach {
  role?: Role;
  profileIds?: string[] | null;
}

export async function createAccessKey(
  ctx: AppContext,
  projectId: string,
  name: string | null = null,
  reach: KeyReach = {},
): Promise<{ keyId: string; accessKey: string }> {
  const project = await ctx.store.db
    .selectFrom('projects')
    .select('id')
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) throw notFound('Project');
  const role = reach.role ?? 'owner';
  if (!isRole(role)) throw invalid(`Unknown role ${JSON.stringify(role)}`);
  const profileIds = reach.profileIds ?? null;
  if (profileIds) await assertProjectProfiles(ctx, projectId, profileIds);
  const accessKey = newCredential('accessKey');
  const keyId = newId('key');
  await ctx.store.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('access_keys')
      .values({
        id: keyId,
        project_id: projectId,
        key_hash: hashKey(accessKey),
        prefix: accessKey.slice(0, KEY_PREFIX.length + 6),
        name,
        created_at: ctx.now().toISOString(),
        last_used_at: null,
        revoked_at: null,
        role,
        profile_ids: profileIds ? JSON.stringify(profileIds) : null,
      })
      .execute();
    await recordAudit(trx, ctx, {
      projectId,
      action: 'key.created',
      object: { type: 'key', id: keyId, label: name },
      summary: { role, profileIds },
    });
  });
  return { keyId, accessKey };
}

/** Refuses an empty profile limit and any profile that is not this project's (404, as for an unknown id). */
export async function assertProjectProfiles(
  ctx: AppContext,
  projectId: string,
  profileIds: string[],
): Promise<void> {
  if (profileIds.length === 0) throw invalid('A key limited to profiles needs at least one profile');
  const found = await ctx.store.db
    .selectFrom('profiles')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', 'in', profileIds)
    .execute();
  const known = new Set(found.map((r) => r.id));
  const missing = profileIds.filter((id) => !known.has(id));
  if (missing.length > 0) throw notFound(`Profile ${missing.join(', ')} of this project`);
}

export async function listAccessKeys(ctx: AppContext, projectId: string): Promise<KeyInfo[]> {
  const rows = await ctx.store.db
    .selectFrom('access_keys')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    projectId: r.project_id,
    prefix: r.prefix,
    name: r.name,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
    role: isRole(r.role) ? r.role : 'viewer',
    profileIds: parseProfileIds(r.profile_ids),
  }));
}

export async function revokeAccessKey(ctx: AppContext, keyId: string): Promise<void> {
  // The key and the counter every node watches change together: no node can see one without the other.
  await ctx.store.db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('access_keys')
      .set({ revoked_at: ctx.now().toISOString() })
      .where('id', '=', keyId)
      .where('revoked_at', 'is', null)
      .returning(['project_id', 'name'])
      .executeTakeFirst();
    if (!revoked) throw notFound('Active access key');
    await recordAudit(trx, ctx, {
      projectId: revoked.project_id,
      action: 'key.revoked',
      object: { type: 'key', id: keyId, label: revoked.name },
    });
    await keyCache.bump(trx);
  });
  forgetKey(ctx.store.db, keyId);
}

/**
 * The project a presented key belongs to, or null. The lookup is by hash (an
 * index probe that reveals nothing about other keys); the stored hash is then
 * compared in constant time.
 */
export async function authenticate(ctx: AppContext, presented: string): Promise<Caller | null> {
  if (!presented || presented.length > 200) return null;
  const hash = hashKey(presented);
  const presentedHash = Buffer.from(hash, 'hex');
  const cached = await cachedKey(ctx.store.db, hash);
  let entry = cached.entry;
  if (!entry) {
    const row = await ctx.store.db
      .selectFrom('access_keys')
      .select(['id', 'project_id', 'key_hash', 'role', 'profile_ids'])
      .where('key_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    const fresh = {
      keyId: row.id,
      projectId: row.project_id,
      // A role this version does not know gets the least access, never more.
      role: isRole(row.role) ? row.role : ('viewer' as const),
      profileIds: parseProfileIds(row.profile_ids),
      hash: Buffer.from(row.key_hash, 'hex'),
    };
    rememberKey(ctx.store.db, hash, fresh, cached.seen);
    entry = fresh;
  }
  if (!timingSafeEqual(entry.hash, presentedHash)) return null;
  return {
    projectId: entry.projectId,
    keyId: entry.keyId,
    memberId: '',
    actor: `key:${entry.keyId}`,
    role: entry.role,
    profileIds: entry.profileIds,
  };
}

function parseProfileIds(text: string | null): string[] | null {
  if (text === null) return null;
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
}
