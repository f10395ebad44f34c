// What happens to a post the caller sends, as the service decides it
// (src/domain/approval/applies.ts): each account's mode is its profile's own, else the
// project's; `everyone` makes every post wait, `contributors` a contributor's, and
// `off` has no approval step (a contributor then saves drafts only). The dashboard
// reads this to word its buttons; the service's answer stays what counts.
import { api, type Integration, ok } from '../../api/client.ts';
import { useLoad } from '../../ui.tsx';

export type ApprovalSettings = Awaited<ReturnType<typeof loadApprovalSettings>>;
/** direct: published or scheduled as asked; approval: waits for an editor; drafts-only: may only save drafts. */
export type ApprovalPath = 'direct' | 'approval' | 'drafts-only';

export const loadApprovalSettings = () => ok(api.GET('/v1/approval/settings'));

export function approvalPath(
  settings: ApprovalSettings | null,
  mayPublish: boolean,
  accountIds: readonly string[],
  integrations: readonly Integration[],
): ApprovalPath {
  if (!settings) return mayPublish ? 'direct' : 'approval';
  const own = new Map(settings.profiles.map((p) => [p.profileId, p.approval]));
  const profileOf = new Map(integrations.map((i) => [i.id, i.profileId ?? null]));
  const modes = accountIds.length
    ? accountIds.map((id) => {
        const profile = profileOf.get(id) ?? null;
        return (profile !== null ? own.get(profile) : undefined) ?? settings.approval;
      })
    : [settings.approval];
  if (modes.includes('everyone')) return 'approval';
  if (mayPublish) return 'direct';
  return modes.includes('contributors') ? 'approval' : 'drafts-only';
}

export const useApprovalSettings = () => {
  const load = useLoad(loadApprovalSettings, []);
  return load.state === 'ready' ? load.data : null;
};
