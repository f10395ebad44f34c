/**
 * Profiles group a project's integrations. Deleting a profile leaves its
 * integrations unassigned (decisions.md, Profiles).
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../errors.ts';
import { containsPattern } from '../../store/like.ts';
import type { ProfilesTable } from '../../store/tables/core.ts';
import { changedFields, recordAudit } from '../audit/record.ts';
import { newId } from '../ids.ts';
import { limitedTo, type ProjectReach, profileInReach, projectOf } from '../teams/reach.ts';

export interface Profile {
  id: string;
  name: string;
  description: string | null;
  integrationCount: number;
  createdAt: string;
  updatedAt: string;
}

const toProfile = (r: ProfilesTable & { integration_count: number | string | null }): Profile => ({
  id: r.id,
  name: r.name,
  description: r.description,
  integrationCount: Number(r.integration_count ?? 0),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

function selectProfiles(ctx: AppContext, reach: ProjectReach) {
  const projectId = projectOf(reach);
  return ctx.store.db
    .selectFrom('profiles')
    .selectAll('profiles')
    .select((eb) =>
      eb
        .selectFrom('integrations')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('integrations.profile_id', '=', 'profiles.id')
        .where('integrations.project_id', '=', projectId)
        .as('integration_count'),
    )
    .where('profiles.project_id', '=', projectId)
    .where(profileInReach(reach, 'profiles.id'));
}

export async function createProfile(
  ctx: AppContext,
  reach: ProjectReach,
  input: { name: string; description?: string | null | undefined },
): Promise<Profile> {
  // A caller limited to some profiles acts for those only; a new one would be beyond it.
  if (limitedTo(reach) !== null)
    throw forbidden('A caller limited to some profiles can not create a profile');
  const projectId = projectOf(reach);
  const now = ctx.now().toISOString();
  const id = newId('prof');
  await ctx.store.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('profiles')
      .values({
        id,
        project_id: projectId,
        name: input.name,
        description: input.description ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await recordAudit(trx, ctx, {
      projectId,
      action: 'profile.created',
      object: { type: 'profile', id, label: input.name },
    });
  });
  return getProfile(ctx, reach, id);
}

export async function getProfile(ctx: AppContext, reach: ProjectReach, id: string): Promise<Profile> {
  const row = await selectProfiles(ctx, reach).where('profiles.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Profile');
  return toProfile(row);
}

export async function listProfiles(
  ctx: AppContext,
  reach: ProjectReach,
  q: { page: number; limit: number; name?: string | undefined },
): Promise<{ total: number; profiles: Profile[] }> {
  const projectId = projectOf(reach);
  let base = selectProfiles(ctx, reach);
  let count = ctx.store.db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where(profileInReach(reach, 'id'));
  if (q.name) {
    // Case-insensitive substring match, the same on both databases.
    const pattern = containsPattern(q.name);
    base = base.where(sql<boolean>`lower(profiles.name) like ${pattern} escape '\\'`);
    count = count.where(sql<boolean>`lower(name) like ${pattern} escape '\\'`);
  }
  const [rows, total] = await Promise.all([
    base
      .orderBy('profiles.created_at', 'desc')
      .orderBy('profiles.id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), profiles: rows.map(toProfile) };
}

export async function updateProfile(
  ctx: AppContext,
  reach: ProjectReach,
  id: string,
  patch: { name?: string | undefined; description?: string | null | undefined },
): Promise<Profile> {
  const projectId = projectOf(reach);
  const set: Partial<ProfilesTable> = { updated_at: ctx.now().toISOString() };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.description !== undefined) set.description = patch.description;
  await ctx.store.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('profiles')
      .select(['name', 'description'])
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .where(profileInReach(reach, 'id'))
      .executeTakeFirst();
    if (!before) throw notFound('Profile');
    await trx
      .updateTable('profiles')
      .set(set)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, ctx, {
      projectId,
      action: 'profile.updated',
      object: { type: 'profile', id, label: set.name ?? before.name },
      summary: changedFields(before, { name: set.name, description: set.description }),
    });
  });
  return getProfile(ctx, reach, id);
}

export async function deleteProfile(ctx: AppContext, reach: ProjectReach, id: string): Promise<void> {
  const projectId = projectOf(reach);
  await ctx.store.db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('profiles')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .where(profileInReach(reach, 'id'))
      .returning('name')
      .executeTakeFirst();
    if (!gone) throw notFound('Profile');
    await recordAudit(trx, ctx, {
      projectId,
      action: 'profile.deleted',
      object: { type: 'profile', id, label: gone.name },
    });
    await trx
      .updateTable('integrations')
      .set({ profile_id: null, updated_at: ctx.now().toISOString() })
      .where('project_id', '=', projectId)
      .where('profile_id', '=', id)
      .execute();
    // Its posting queue goes with it; posts it placed keep their times.
    await trx.deleteFrom('post_queues').where('project_id', '=', projectId).where('owner', '=', id).execute();
  });
}
