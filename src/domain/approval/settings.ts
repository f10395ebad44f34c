/**
 * Whether posts need approval before they go out: the project's mode, and an
 * override per profile. `off`: no approval step (a contributor saves drafts only);
 * `contributors` (the default): contributors' posts wait, editors and up publish
 * directly; `everyone`: every post waits, whoever makes it. A post waits when any of
 * its accounts' profiles (or the project, for an account without one) says so
 * (applies.ts).
 */
import type { AppContext } from '../../context.ts';
import { invalid } from '../../errors.ts';
import { PROJECT_SETTING } from '../../store/tables/approval.ts';

export const APPROVAL_MODES = ['off', 'contributors', 'everyone'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];
/** A project that never chose: contributors' posts wait, as they always have. */
export const DEFAULT_APPROVAL_MODE: ApprovalMode = 'contributors';

export interface ApprovalSettings {
  approval: ApprovalMode;
  /** The profiles whose setting differs from the project's. */
  profiles: { profileId: string; approval: ApprovalMode }[];
}

export interface SettingsChange {
  approval?: ApprovalMode;
  /** A profile's own mode; null gives it the project's again. */
  profiles?: { profileId: string; approval: ApprovalMode | null }[];
}

const isMode = (v: string): v is ApprovalMode => (APPROVAL_MODES as readonly string[]).includes(v);

export async function readApprovalSettings(ctx: AppContext, projectId: string): Promise<ApprovalSettings> {
  const rows = await ctx.store.db
    .selectFrom('approval_settings')
    .select(['owner', 'mode'])
    .where('project_id', '=', projectId)
    .execute();
  // An override of a profile deleted since is not shown (and no longer matches any account).
  const profiles = new Set(
    (
      await ctx.store.db.selectFrom('profiles').select('id').where('project_id', '=', projectId).execute()
    ).map((p) => p.id),
  );
  const project = rows.find((r) => r.owner === PROJECT_SETTING)?.mode;
  return {
    approval: project && isMode(project) ? project : DEFAULT_APPROVAL_MODE,
    profiles: rows
      .filter((r) => r.owner !== PROJECT_SETTING && profiles.has(r.owner) && isMode(r.mode))
      .map((r) => ({ profileId: r.owner, approval: r.mode as ApprovalMode }))
      .sort((a, b) => a.profileId.localeCompare(b.profileId)),
  };
}

export async function changeApprovalSettings(
  ctx: AppContext,
  projectId: string,
  change: SettingsChange,
): Promise<ApprovalSettings> {
  const profileIds = (change.profiles ?? []).map((p) => p.profileId);
  if (new Set(profileIds).size !== profileIds.length) throw invalid('profiles: a profileId is listed twice');
  if (profileIds.length > 0) {
    const known = new Set(
      (
        await ctx.store.db
          .selectFrom('profiles')
          .select('id')
          .where('project_id', '=', projectId)
          .where('id', 'in', profileIds)
          .execute()
      ).map((p) => p.id),
    );
    const unknown = profileIds.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw invalid(
        `profiles: ${unknown.map((id) => `"${id}"`).join(', ')} is not a profile of this project`,
      );
  }
  const at = ctx.now().toISOString();
  await ctx.store.db.transaction().execute(async (trx) => {
    const set = async (owner: string, mode: ApprovalMode | null) => {
      await trx
        .deleteFrom('approval_settings')
        .where('project_id', '=', projectId)
        .where('owner', '=', owner)
        .execute();
      if (mode !== null)
        await trx
          .insertInto('approval_settings')
          .values({ project_id: projectId, owner, mode, updated_at: at })
          .execute();
    };
    if (change.approval !== undefined) await set(PROJECT_SETTING, change.approval);
    for (const p of change.profiles ?? []) await set(p.profileId, p.approval);
  });
  return readApprovalSettings(ctx, projectId);
}
