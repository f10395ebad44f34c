/**
 * Whether a caller's post must wait for approval: always for a caller who may not
 * publish (a contributor: their post waits rather than being refused, so nothing
 * they wrote is lost), and for everyone where the post's accounts' profiles (or
 * the project) say `everyone`.
 */
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../http/route.ts';
import { PROJECT_SETTING } from '../../store/tables/approval.ts';
import { roleAllows } from '../teams/roles.ts';

export async function needsApproval(
  ctx: AppContext,
  caller: Pick<Caller, 'projectId' | 'role'>,
  accountIds: readonly string[],
): Promise<boolean> {
  if (!roleAllows(caller.role, 'publish')) return true;
  // Most projects never say `everyone`: one read of the project's settings answers them.
  const modes = await ctx.store.db
    .selectFrom('approval_settings')
    .select(['owner', 'mode'])
    .where('project_id', '=', caller.projectId)
    .execute();
  if (!modes.some((m) => m.mode === 'everyone')) return false;
  const own = new Map(modes.map((m) => [m.owner, m.mode]));
  const project = own.get(PROJECT_SETTING) ?? 'off';
  const profiles = await profilesOfAccounts(ctx, caller.projectId, accountIds);
  if (profiles.length === 0) return project === 'everyone';
  return profiles.some((p) => (p === null ? project : (own.get(p) ?? project)) === 'everyone');
}

/** The profiles of these accounts of the project (null for one without a profile; unknown ids are left out). */
async function profilesOfAccounts(
  ctx: AppContext,
  projectId: string,
  accountIds: readonly string[],
): Promise<(string | null)[]> {
  if (accountIds.length === 0) return [];
  const rows = await ctx.store.db
    .selectFrom('integrations')
    .select('profile_id')
    .where('project_id', '=', projectId)
    .where('id', 'in', [...new Set(accountIds)])
    .execute();
  return rows.map((r) => r.profile_id);
}
