// Accounts grouped by the profile (brand) they belong to, as every list of accounts
// shows them: the profiles by name, then the accounts without a profile.
import type { Integration } from '../../api/client.ts';

export interface ProfileGroup<T> {
  /** null: the accounts without a profile. */
  profile: { id: string; name: string } | null;
  accounts: T[];
}

export function groupByProfile<T extends Pick<Integration, 'profileId'>>(
  accounts: readonly T[],
  profiles: readonly { id: string; name: string }[],
): ProfileGroup<T>[] {
  const named = [...profiles].sort((a, b) => a.name.localeCompare(b.name));
  const known = new Set(named.map((p) => p.id));
  const groups: ProfileGroup<T>[] = named
    .map((profile) => ({ profile, accounts: accounts.filter((a) => a.profileId === profile.id) }))
    .filter((g) => g.accounts.length > 0);
  const rest = accounts.filter((a) => !a.profileId || !known.has(a.profileId));
  if (rest.length > 0) groups.push({ profile: null, accounts: rest });
  return groups;
}

export const groupTitle = (g: ProfileGroup<unknown>, only: boolean): string =>
  g.profile ? g.profile.name : only ? 'Accounts' : 'Without a profile';
