// "Publish to": the connected accounts to choose from, each with its platform, name and
// handle, a sandbox badge, and a way to reconnect one whose authorisation lapsed.
import { type Integration, PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';
import { Link } from '../../ui.tsx';
import { accountTitle, SandboxBadge } from '../accounts/AccountLabel.tsx';

export function AccountPicker(props: {
  integrations: readonly Integration[];
  chosen: ReadonlySet<string>;
  onToggle: (account: Integration) => void;
}) {
  return (
    <fieldset className="accounts">
      <legend>Publish to</legend>
      <ul>
        {props.integrations.map((i) => (
          <AccountChoice key={i.id} account={i} on={props.chosen.has(i.id)} onToggle={props.onToggle} />
        ))}
      </ul>
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
        {i.username && i.displayName ? <span className="account-handle"> @{i.username}</span> : null}
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
