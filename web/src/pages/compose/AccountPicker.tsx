// "Publish to": the connected accounts to choose from, grouped by profile (brand),
// each group with "select the whole brand"; each account with its platform, name and
// handle, a sandbox badge, and a way to reconnect one whose authorisation lapsed.
import { type Integration, PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';
import { Link } from '../../ui.tsx';
import { accountTitle, atHandle, SandboxBadge } from '../accounts/AccountLabel.tsx';
import { groupByProfile, groupTitle } from '../accounts/byProfile.ts';

export function AccountPicker(props: {
  integrations: readonly Integration[];
  profiles: readonly { id: string; name: string }[];
  chosen: ReadonlySet<string>;
  onToggle: (account: Integration) => void;
  /** Chooses (or leaves out) every account of a brand at once. */
  onChooseAll: (accounts: readonly Integration[], on: boolean) => void;
}) {
  const groups = groupByProfile(props.integrations, props.profiles);
  const grouped = groups.some((g) => g.profile !== null);
  return (
    <fieldset className="accounts">
      <legend>Publish to</legend>
      {groups.map((g) => {
        const all = g.accounts.every((a) => props.chosen.has(a.id));
        const title = groupTitle(g, groups.length === 1);
        return (
          <div className="account-group" key={g.profile?.id ?? 'none'}>
            {grouped ? (
              <div className="account-group-head">
                <h3 className="account-group-title">{title}</h3>
                {g.profile ? (
                  <label className="whole-brand">
                    <input
                      type="checkbox"
                      checked={all}
                      onChange={() => props.onChooseAll(g.accounts, !all)}
                    />{' '}
                    Select the whole brand<span className="visually-hidden"> {title}</span> (
                    {g.accounts.length})
                  </label>
                ) : null}
              </div>
            ) : null}
            <ul>
              {g.accounts.map((i) => (
                <AccountChoice key={i.id} account={i} on={props.chosen.has(i.id)} onToggle={props.onToggle} />
              ))}
            </ul>
          </div>
        );
      })}
    </fieldset>
  );
}

function AccountChoice(props: { account: Integration; on: boolean; onToggle: (a: Integration) => void }) {
  const i = props.account;
  const stale = i.authStatus !== 'active';
  return (
    <li>
      <label className="account-choice">
        <input type="checkbox" checked={props.on} onChange={() => props.onToggle(i)} />
        <span className={`platform-dot platform-${i.platform}`} aria-hidden="true" />
        {PLATFORM_LABELS[i.platform as PlatformName] ?? i.platform}:{' '}
        {i.displayName ?? i.username ?? i.platformUserId}
        {i.username && i.displayName ? <span className="account-handle"> {atHandle(i.username)}</span> : null}
        {i.sandbox ? <SandboxBadge title="Posts to this account reach the sandbox simulator only" /> : null}
        {stale ? <span className="badge badge-failed">needs reconnecting</span> : null}
      </label>
      {stale ? (
        <Link to="/integrations" className="reconnect-link">
          Reconnect {accountTitle(i.platform, i)}
        </Link>
      ) : null}
    </li>
  );
}
