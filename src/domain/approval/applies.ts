/**
 * Whether a caller's post must wait for approval. Each account's mode is its
 * profile's own setting, else the project's, else `contributors`:
 * - `everyone`: every post waits, whoever makes it;
 * - `contributors`: a contributor's post waits (rather than being refused, so
 *   nothing they wrote is lost); editors and up publish directly;
 * - `off`: no approval step: nothing waits, and a contributor, who may not publish,
 *   saves drafts for an editor to publish (their publish, schedule or queue is refused).
 * A post waits when any of its accounts says so.
 */
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../errors.ts';
import type { Caller } from '../../http/route.ts';
import { PROJECT_SETTING } from '../../store/tables/approval.ts';
import { roleAllows } from '../teams/roles.ts';
import { type ApprovalMode, DEFAULT_APPROVAL_MODE } from './settings.ts';

export async function needsApproval(
  ctx: AppContext,
  caller: Pick<Caller, 'projectId' | 'role'>,
  accountIds: readonly string[],
): Promise<boolean> {
  const contributor = !roleAllows(caller.role, 'publish');
  const rows = await ctx.store.db
    .selectFrom('approval_settings')
    .select(['owner', 'mode'])
    .where('project_id', '=', caller.projectId)
    .execute();
  // Most projects keep the default: one read of the project's settings answers them.
  if (rows.length === 0) return contributor;
  const own = new Map(rows.map((m) => [m.owner, m.mode as ApprovalMode]));
  const project = own.get(PROJECT_SETTING) ?? DEFAULT_APPROVAL_MODE;
  const profiles = await profilesOfAccounts(ctx, caller.projectId, accountIds);
  const modes =
    profiles.length === 0 ? [project] : profiles.map((p) => (p === null ? project : (own.get(p) ?? project)));
  if (modes.includes('everyone')) return true;
  if (!contributor) return false;
  if (modes.includes('contributors')) return true;
  throw forbidden(
    'approval is off for these accounts, so a contributor can not send posts for approval: save it as a draft for an editor to publish, or ask an admin to turn approval on',
  );
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
