/**
 * Access keys as a caller manages them over the API (GET/POST /v1/keys, DELETE
 * /v1/keys/{id}): a caller hands out no more than it holds. A key's role is at most
 * the caller's (an admin can not make an owner key), and a profile-limited caller
 * only makes keys limited to some of its own profiles (by default, all of them).
 * A limited caller sees and revokes only keys limited to its profiles; the others
 * are answered as unknown, like every record outside its reach.
 */
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { Caller } from '../../http/route.ts';
import { type Role, roleWithin } from '../teams/roles.ts';
import { createAccessKey, type KeyInfo, listAccessKeys, revokeAccessKey } from './keys.ts';

export interface NewKey {
  name?: string | null;
  role?: Role;
  profileIds?: string[] | null;
}

/** True when every profile the key reaches is one the caller reaches. */
function keyWithinProfiles(key: Pick<KeyInfo, 'profileIds'>, caller: Caller): boolean {
  if (caller.profileIds === null) return true;
  const mine = caller.profileIds;
  return key.profileIds?.every((id) => mine.includes(id)) ?? false;
}

export async function listKeysFor(ctx: AppContext, caller: Caller): Promise<KeyInfo[]> {
  const keys = await listAccessKeys(ctx, caller.projectId);
  return keys.filter((k) => keyWithinProfiles(k, caller));
}

export async function createKeyFor(
  ctx: AppContext,
  caller: Caller,
  input: NewKey,
): Promise<{ key: KeyInfo; accessKey: string }> {
  const role = input.role ?? caller.role;
  if (!roleWithin(role, caller.role))
    throw forbidden(`A caller with the ${caller.role} role can not create a key with the ${role} role`);
  let profileIds = input.profileIds ?? null;
  if (caller.profileIds !== null) {
    if (profileIds === null) profileIds = [...caller.profileIds];
    // A profile outside the caller's reach is answered like one that does not exist.
    const outside = profileIds.filter((id) => !caller.profileIds?.includes(id));
    if (outside.length > 0) throw notFound(`Profile ${outside.join(', ')} of this project`);
  }
  const { keyId, accessKey } = await createAccessKey(ctx, caller.projectId, input.name ?? null, {
    role,
    profileIds,
  });
  const key = (await listAccessKeys(ctx, caller.projectId)).find((k) => k.id === keyId);
  if (!key) throw notFound('Access key');
  return { key, accessKey };
}

export async function revokeKeyFor(ctx: AppContext, caller: Caller, keyId: string): Promise<KeyInfo> {
  const key = (await listKeysFor(ctx, caller)).find((k) => k.id === keyId && k.revokedAt === null);
  if (!key) throw notFound('Active access key');
  if (!roleWithin(key.role, caller.role))
    throw forbidden(`A caller with the ${caller.role} role can not revoke a key with the ${key.role} role`);
  await revokeAccessKey(ctx, keyId);
  return { ...key, revokedAt: ctx.now().toISOString() };
}
