/**
 * Members of a project: people with a role there and, optionally, a limit to some
 * profiles. Members are added by invitation (invitations.ts) and managed by callers
 * with `manage` access. Only an owner grants or takes away the owner role, a
 * caller limited to some profiles manages only members within those profiles,
 * and the project's last owner can be neither removed nor demoted. A change ends
 * (removal) or re-reads (role, profiles) the member's sessions on every node at once.
 */

import type { AppContext } from '../../context.ts';
import { AppError, conflict, forbidden, invalid, notFound } from '../../errors.ts';
import type { Caller } from '../../http/route.ts';
import type { Db } from '../../jobs/enqueue.ts';
import { changedFields, recordAudit } from '../audit/record.ts';
import { newId } from '../ids.ts';
import { assertProjectProfiles } from '../projects/keys.ts';
import { parseProfileIds } from './people.ts';
import { isRole, type Role } from './roles.ts';
import { endSessionsOfMember, refreshSessionsOfMember } from './sessions.ts';

export interface MemberInfo {
  id: string;
  email: string;
  role: Role;
  profileIds: string[] | null;
  /** Whether the person signs in with a second factor. */
  totpEnabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Who manages members from the command line: the operator, with every power. */
export const OPERATOR: Omit<Caller, 'projectId'> = {
  keyId: '',
  memberId: '',
  actor: 'operator',
  role: 'owner',
  profileIds: null,
};

function memberQuery(db: Db) {
  return db
    .selectFrom('members')
    .innerJoin('people', 'people.id', 'members.person_id')
    .select([
      'members.id as id',
      'members.project_id as projectId',
      'members.person_id as personId',
      'people.email as email',
      'members.role as role',
      'members.profile_ids as profileIds',
      'people.totp_secret_enc as totp',
      'members.created_at as createdAt',
      'members.updated_at as updatedAt',
    ]);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof memberQuery>['executeTakeFirstOrThrow']>>;

const toInfo = (r: MemberRow): MemberInfo => ({
  id: r.id,
  email: r.email,
  role: isRole(r.role) ? r.role : 'viewer',
  profileIds: parseProfileIds(r.profileIds),
  totpEnabled: r.totp !== null,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export async function listMembers(ctx: AppContext, projectId: string): Promise<MemberInfo[]> {
  const rows = await memberQuery(ctx.store.db)
    .where('members.project_id', '=', projectId)
    .orderBy('members.created_at')
    .orderBy('members.id')
    .execute();
  return rows.map(toInfo);
}

export async function getMember(db: Db, projectId: string, memberId: string) {
  const row = await memberQuery(db)
    .where('members.project_id', '=', projectId)
    .where('members.id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw notFound('Member');
  return { row, info: toInfo(row) };
}

/** The memberships of a person, oldest first, with each project's name. */
export async function membershipsOf(db: Db, personId: string) {
  const rows = await db
    .selectFrom('members')
    .innerJoin('projects', 'projects.id', 'members.project_id')
    .select(['members.id as memberId', 'projects.id as projectId', 'projects.name as name', 'members.role'])
    .where('members.person_id', '=', personId)
    .orderBy('members.created_at')
    .orderBy('members.id')
    .execute();
  return rows.map((r) => ({ ...r, role: isRole(r.role) ? r.role : ('viewer' as Role) }));
}

/**
 * Refuses a grant the caller may not make: the owner role unless the caller is an
 * owner; profiles of another project; wider profiles than the caller's own.
 */
export async function assertMayGrant(
  ctx: AppContext,
  caller: Caller,
  grant: { role?: Role | undefined; profileIds?: string[] | null | undefined },
): Promise<void> {
  if (grant.role !== undefined && !isRole(grant.role))
    throw invalid(`Unknown role ${JSON.stringify(grant.role)}`);
  if (grant.role === 'owner' && caller.role !== 'owner')
    throw forbidden('Only an owner may make another member an owner');
  if (grant.profileIds === undefined) return;
  if (grant.profileIds !== null) {
    if (grant.profileIds.length === 0)
      throw invalid('profileIds: a member limited to profiles needs at least one (null: every profile)');
    // A profile the caller does not reach is answered as one that does not exist.
    const reached = caller.profileIds;
    const outside = reached === null ? [] : grant.profileIds.filter((id) => !reached.includes(id));
    if (outside.length > 0) throw notFound(`Profile ${outside.join(', ')} of this project`);
    await assertProjectProfiles(ctx, caller.projectId, grant.profileIds);
  }
  assertWithinScope(caller, grant.profileIds, 'grant access');
}

/** Whether members (or grants) of these profiles are within a caller's reach: a limited caller reaches only those limited to some of its profiles. */
export function withinScope(caller: Caller, profileIds: readonly string[] | null): boolean {
  if (caller.profileIds === null) return true;
  const mine = new Set(caller.profileIds);
  return profileIds?.every((id) => mine.has(id)) === true;
}

/** A caller limited to profiles acts only on members (and grants) limited to some of those profiles. */
function assertWithinScope(caller: Caller, profileIds: readonly string[] | null, what: string): void {
  if (!withinScope(caller, profileIds))
    throw forbidden(`You are limited to some profiles and may only ${what} within them`);
}

/**
 * Locks the project's owner rows until the transaction ends, before a change that
 * may take one away: two owners demoting (or removing) each other at once then
 * take turns, and the second sees the first's change and its last-owner check
 * holds. On PostgreSQL a row lock (read committed would let both count two
 * owners); SQLite runs one writing transaction at a time already.
 */
async function lockOwners(ctx: AppContext, db: Db, projectId: string): Promise<void> {
  if (ctx.store.dialect !== 'postgres') return;
  await db
    .selectFrom('members')
    .select('id')
    .where('project_id', '=', projectId)
    .where('role', '=', 'owner')
    .forUpdate()
    .execute();
}

async function ownerCount(db: Db, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateMember(
  ctx: AppContext,
  caller: Caller,
  memberId: string,
  change: { role?: Role | undefined; profileIds?: string[] | null | undefined },
): Promise<MemberInfo> {
  if (change.role === undefined && change.profileIds === undefined)
    throw invalid('Send role and/or profileIds to change');
  await assertMayGrant(ctx, caller, change);
  return ctx.store.db.transaction().execute(async (trx) => {
    await lockOwners(ctx, trx, caller.projectId);
    const { row, info } = await getMember(trx, caller.projectId, memberId);
    // A member wider than the caller's profiles is answered as one that does not exist.
    if (!withinScope(caller, info.profileIds)) throw notFound('Member');
    const demotesOwner = info.role === 'owner' && change.role !== undefined && change.role !== 'owner';
    if (demotesOwner && caller.role !== 'owner')
      throw forbidden('Only an owner may change the role of an owner');
    await trx
      .updateTable('members')
      .set({
        ...(change.role !== undefined ? { role: change.role } : {}),
        ...(change.profileIds !== undefined
          ? { profile_ids: change.profileIds === null ? null : JSON.stringify(change.profileIds) }
          : {}),
        updated_at: ctx.now().toISOString(),
      })
      .where('id', '=', row.id)
      .execute();
    // Counted after the change, in the same transaction: the change is undone if it left no owner.
    if (demotesOwner && (await ownerCount(trx, caller.projectId)) === 0)
      throw conflict('The last owner of the project can not be demoted; make another member an owner first');
    await refreshSessionsOfMember(ctx, trx, row.id);
    const after = (await getMember(trx, caller.projectId, memberId)).info;
    await recordAudit(trx, ctx, {
      projectId: caller.projectId,
      action: 'member.updated',
      object: { type: 'member', id: row.id, label: info.email },
      summary: changedFields(
        { role: info.role, profileIds: info.profileIds },
        { role: after.role, profileIds: after.profileIds },
      ),
    });
    return after;
  });
}

export async function removeMember(ctx: AppContext, caller: Caller, memberId: string): Promise<void> {
  await ctx.store.db.transaction().execute(async (trx) => {
    await lockOwners(ctx, trx, caller.projectId);
    const { row, info } = await getMember(trx, caller.projectId, memberId);
    // A member wider than the caller's profiles is answered as one that does not exist.
    if (!withinScope(caller, info.profileIds)) throw notFound('Member');
    if (info.role === 'owner' && caller.role !== 'owner')
      throw forbidden('Only an owner may remove an owner');
    await endSessionsOfMember(ctx, trx, row.id);
    await trx.deleteFrom('members').where('id', '=', row.id).execute();
    if (info.role === 'owner' && (await ownerCount(trx, caller.projectId)) === 0)
      throw conflict('The last owner of the project can not be removed; make another member an owner first');
    await recordAudit(trx, ctx, {
      projectId: caller.projectId,
      action: 'member.removed',
      object: { type: 'member', id: row.id, label: info.email },
      summary: { role: info.role },
    });
  });
}

/** Makes the membership (accepting an invitation); a person already a member keeps their membership as it is. */
export async function addMembership(
  ctx: AppContext,
  db: Db,
  m: { projectId: string; personId: string; role: Role; profileIds: string[] | null },
): Promise<string> {
  const existing = await db
    .selectFrom('members')
    .select('id')
    .where('project_id', '=', m.projectId)
    .where('person_id', '=', m.personId)
    .executeTakeFirst();
  if (existing) throw new AppError('conflict', 'This person is already a member of the project');
  const id = newId('mem');
  const now = ctx.now().toISOString();
  await db
    .insertInto('members')
    .values({
      id,
      project_id: m.projectId,
      person_id: m.personId,
      role: m.role,
      profile_ids: m.profileIds ? JSON.stringify(m.profileIds) : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await recordAudit(db, ctx, {
    projectId: m.projectId,
    action: 'member.joined',
    object: { type: 'member', id },
    summary: { role: m.role, profileIds: m.profileIds },
  });
  return id;
}
