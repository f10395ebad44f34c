/**
 * What the dashboard reads about who is signed in: the member (or the access key),
 * the role and profile limit, the project and the person's other projects.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Caller } from '../../http/route.ts';
import { getMember, membershipsOf } from './members.ts';
import type { Role } from './roles.ts';

export interface SessionView {
  kind: 'member' | 'key';
  memberId: string | null;
  keyId: string | null;
  email: string | null;
  role: Role;
  profileIds: string[] | null;
  project: { id: string; name: string };
  projects: { id: string; name: string; role: Role }[];
  totpEnabled: boolean;
  expiresAt: string | null;
}

async function projectOf(ctx: AppContext, projectId: string) {
  const project = await ctx.store.db
    .selectFrom('projects')
    .select(['id', 'name'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) throw new AppError('not_found', 'Project not found');
  return project;
}

export async function viewOfMember(
  ctx: AppContext,
  memberId: string,
  expiresAt: string | null,
): Promise<SessionView> {
  const row = await ctx.store.db
    .selectFrom('members')
    .innerJoin('people', 'people.id', 'members.person_id')
    .select([
      'members.project_id as projectId',
      'members.person_id as personId',
      'people.email as email',
      'people.totp_secret_enc as totp',
    ])
    .where('members.id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw new AppError('unauthenticated', 'The session has ended: sign in again');
  const memberships = await membershipsOf(ctx.store.db, row.personId);
  const own = memberships.find((m) => m.memberId === memberId);
  const { info } = await getMember(ctx.store.db, row.projectId, memberId);
  return {
    kind: 'member',
    memberId,
    keyId: null,
    email: row.email,
    role: own?.role ?? info.role,
    profileIds: info.profileIds,
    project: await projectOf(ctx, row.projectId),
    projects: memberships.map((m) => ({ id: m.projectId, name: m.name, role: m.role })),
    totpEnabled: row.totp !== null,
    expiresAt,
  };
}

export async function viewOfCaller(
  ctx: AppContext,
  caller: Caller,
  expiresAt: string | null,
): Promise<SessionView> {
  if (caller.memberId) return viewOfMember(ctx, caller.memberId, expiresAt);
  const project = await projectOf(ctx, caller.projectId);
  return {
    kind: 'key',
    memberId: null,
    keyId: caller.keyId,
    email: null,
    role: caller.role,
    profileIds: caller.profileIds ? [...caller.profileIds] : null,
    project,
    projects: [{ id: project.id, name: project.name, role: caller.role }],
    totpEnabled: false,
    expiresAt: null,
  };
}
