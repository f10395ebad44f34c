/**
 * The profile a new connection goes under: one of the project's (404 otherwise, for
 * another project's id as for an unknown one). A caller limited to some profiles must
 * name one of them: an account without a profile would be out of its own reach.
 */
import type { AppContext } from '../../context.ts';
import { invalid, notFound } from '../../errors.ts';
import { limitedTo, type ProjectReach, profileInReach, projectOf } from '../teams/reach.ts';

export async function checkTargetProfile(
  ctx: AppContext,
  reach: ProjectReach,
  profileId: string | null | undefined,
): Promise<void> {
  if (!profileId) {
    if (limitedTo(reach) === null) return;
    throw invalid(
      'profileId is required: a caller limited to some profiles connects accounts under one of them',
    );
  }
  const profile = await ctx.store.db
    .selectFrom('profiles')
    .select('id')
    .where('project_id', '=', projectOf(reach))
    .where('id', '=', profileId)
    .where(profileInReach(reach, 'id'))
    .executeTakeFirst();
  if (!profile) throw notFound('Profile');
}
