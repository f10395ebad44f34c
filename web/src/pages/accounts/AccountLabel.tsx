// How an account is named wherever a target appears: its picture (or its initial),
// the platform's name, the account's name and handle, and "sandbox" when what is
// published through it only reaches the simulator. Three LinkedIn pages are told apart.
import { type Integration, PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';
import { Avatar } from './Avatar.tsx';

export const platformLabel = (platform: string): string =>
  PLATFORM_LABELS[platform as PlatformName] ?? platform;

/** A handle with one `@` (YouTube handles already start with one). */
export const atHandle = (username: string): string => (username.startsWith('@') ? username : `@${username}`);

/** The account's name as a person knows it: its display name, else its handle. */
export const accountName = (i: Integration | undefined): string | null =>
  i ? (i.displayName ?? i.username ?? i.platformUserId) : null;

/** "LinkedIn — Acme Corp", or the platform alone while the account is not known. */
export const accountTitle = (platform: string, i: Integration | undefined): string => {
  const name = accountName(i);
  return name ? `${platformLabel(platform)} — ${name}` : platformLabel(platform);
};

export function SandboxBadge(props: { title?: string }) {
  return (
    <span
      className="badge badge-sandbox"
      title={props.title ?? 'Published to the sandbox simulator, not the real platform'}
    >
      sandbox
    </span>
  );
}

/** The account's picture in its platform's colours, or its initials. */
function AccountAvatar(props: { account: Integration | undefined; platform: string }) {
  const name = accountName(props.account) ?? platformLabel(props.platform);
  return (
    <span className={`avatar platform-${props.platform}`} aria-hidden="true">
      <Avatar className="avatar-pic" src={props.account?.imageUrl} size={24} name={name} />
    </span>
  );
}

/** Picture, platform, name, @handle and the sandbox mark of one account. */
export function AccountLabel(props: {
  platform: string;
  account: Integration | undefined;
  /** Fallback for an account no longer connected. */
  accountId?: string;
  sandbox?: boolean;
}) {
  const a = props.account;
  const name = accountName(a);
  const handle = a?.username && a.username !== name ? atHandle(a.username) : null;
  return (
    <span className="account-label">
      <AccountAvatar account={a} platform={props.platform} />
      <span className="account-text">
        <span className="account-platform">{platformLabel(props.platform)}</span>{' '}
        <span className="account-name">{name ?? (props.accountId ? 'removed account' : '')}</span>
        {handle ? <span className="account-handle"> {handle}</span> : null}
      </span>
      {(props.sandbox ?? a?.sandbox) ? <SandboxBadge /> : null}
    </span>
  );
}
