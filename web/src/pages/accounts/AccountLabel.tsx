// How an account is named wherever a target appears: its picture (or its initial),
// the platform's name, the account's name and handle, and "sandbox" when what is
// published through it only reaches the simulator. Three LinkedIn pages are told apart.
import { useState } from 'react';
import { type Integration, PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';

export const platformLabel = (platform: string): string =>
  PLATFORM_LABELS[platform as PlatformName] ?? platform;

/** The account's name as a person knows it: its display name, else its handle. */
/** A handle with one `@` (YouTube handles already start with one). */
export const atHandle = (username: string): string => (username.startsWith('@') ? username : `@${username}`);

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

export function Avatar(props: { account: Integration | undefined; platform: string }) {
  const [broken, setBroken] = useState(false);
  const name = accountName(props.account) ?? platformLabel(props.platform);
  const src = props.account?.imageUrl;
  return (
    <span className={`avatar platform-${props.platform}`} aria-hidden="true">
      {src && !broken ? (
        <img src={src} alt="" width={24} height={24} onError={() => setBroken(true)} />
      ) : (
        name.replace(/^@/, '').slice(0, 1).toUpperCase()
      )}
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
      <Avatar account={a} platform={props.platform} />
      <span className="account-text">
        <span className="account-platform">{platformLabel(props.platform)}</span>{' '}
        <span className="account-name">{name ?? (props.accountId ? 'removed account' : '')}</span>
        {handle ? <span className="account-handle"> {handle}</span> : null}
      </span>
      {(props.sandbox ?? a?.sandbox) ? <SandboxBadge /> : null}
    </span>
  );
}
