// A select's account options, grouped by profile (brand) as every list of accounts is.
import { type Integration, PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';
import { useLoad } from '../../ui.tsx';
import { loadProfiles } from '../planning/queues.ts';
import { groupByProfile, groupTitle } from './byProfile.ts';

const optionOf = (a: Integration) => (
  <option key={a.id} value={a.id}>
    {PLATFORM_LABELS[a.platform as PlatformName] ?? a.platform}: {a.displayName ?? a.username ?? a.id}
  </option>
);

export function AccountOptions(props: { accounts: readonly Integration[] }) {
  const profiles = useLoad(loadProfiles, []);
  const groups = groupByProfile(props.accounts, profiles.state === 'ready' ? profiles.data : []);
  if (groups.length <= 1) return <>{props.accounts.map(optionOf)}</>;
  return (
    <>
      {groups.map((g) => (
        <optgroup key={g.profile?.id ?? 'none'} label={groupTitle(g, false)}>
          {g.accounts.map(optionOf)}
        </optgroup>
      ))}
    </>
  );
}
