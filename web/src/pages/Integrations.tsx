// Connected accounts: connect one per platform (OAuth there and back, Facebook, LinkedIn
// and Google Business through a page to choose Pages, organizations and locations, Bluesky by handle and app
// password), see each one's state (token expiring, needs reconnecting), reconnect,
// move it to another profile, disconnect. The state is the service's, asked again when
// the person comes back to the tab and every minute: access revoked on the platform
// shows here once the service knows it, not only after a post failed.
import { type FormEvent, useEffect, useState } from 'react';
import {
  api,
  errorMessage,
  type Integration,
  ok,
  PLATFORM_LABELS,
  PLATFORM_NAMES,
  type PlatformName,
} from '../api/client.ts';
import { navigate, useLocation } from '../router.ts';
import { describedBy, Field, formatTime, Loaded, PageHeader, useLoad } from '../ui.tsx';
import { AccountLabel, accountTitle } from './accounts/AccountLabel.tsx';
import { groupByProfile, groupTitle } from './accounts/byProfile.ts';
import { MastodonConnect, mastodonInstanceOf } from './accounts/MastodonConnect.tsx';
import { TelegramForm } from './accounts/TelegramForm.tsx';
import { refreshAccounts } from './accounts/useAccounts.ts';
import { ProfileApproval } from './approval/ApprovalSettings.tsx';

/** Platforms whose flow may offer several accounts: always ask the person to choose. */
const CHOOSE = new Set<PlatformName>(['facebook', 'linkedin', 'googlebusiness']);
/** Platforms that connect by a form of their own below, not by a redirect. */
const BY_FORM = new Set<PlatformName>(['bluesky', 'telegram', 'mastodon']);
const CONNECT_ERRORS: Record<string, string> = {
  access_denied: 'You declined the authorization on the platform.',
  state_expired: 'The connection took too long; start again.',
  no_accounts: 'The platform offered no account to connect.',
};

/** Opens the platform's authorization page; it sends the person back here (or to the selection page). */
async function startConnect(platform: PlatformName, profileId: string, instance?: string): Promise<void> {
  const back = `${location.origin}${CHOOSE.has(platform) ? '/connect/selection' : '/integrations'}`;
  const { url } = await ok(
    api.GET('/v1/connect/{platform}', {
      params: {
        path: { platform: platform as Exclude<PlatformName, 'bluesky' | 'telegram'> },
        query: {
          redirectUri: back,
          cancelRedirectUri: `${location.origin}/integrations`,
          headless: CHOOSE.has(platform),
          ...(profileId ? { profileId } : {}),
          ...(instance ? { instance } : {}),
        },
      },
    }),
  );
  location.assign(url);
}

export default function Integrations() {
  const here = useLocation();
  const returned = here.searchParams;
  const list = useLoad(
    () =>
      ok(api.GET('/v1/connect/integrations', { params: { query: { limit: 100, offset: 0, sort: 'asc' } } })),
    [],
  );
  const profiles = useLoad(
    () => ok(api.GET('/v1/profiles', { params: { query: { page: 1, limit: 100 } } })),
    [],
  );
  // Every platform the service has (the dashboard knows the added ones), as far as it connects them.
  const platforms = useLoad(() => ok(api.GET('/v1/platforms', { params: { query: { all: true } } })), []);
  // Each refresh asks the list and every account's token state again.
  const [tick, setTick] = useState(0);
  const { reload } = list;
  useEffect(() => {
    const again = () => {
      if (document.visibilityState !== 'visible') return;
      reload();
      setTick((n) => n + 1);
      void refreshAccounts();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    const timer = setInterval(again, 60_000);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
      clearInterval(timer);
    };
  }, [reload]);
  const [profileId, setProfileId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [moved, setMovedMessage] = useState<string | null>(null);
  // The connection's banner (from the address) gives way to what the person does next.
  const forgetReturn = () => {
    if (connected || failed) navigate('/integrations', { replace: true });
  };
  const setMoved = (text: string) => {
    forgetReturn();
    setMovedMessage(text);
  };
  const connected = returned.get('integrationId') || returned.get('connected');
  const failed = returned.get('error');
  const profileList = profiles.state === 'ready' ? profiles.data.profiles : [];
  return (
    <>
      <PageHeader title="Accounts" />
      {connected ? (
        <p className="notice" role="status">
          Connected{' '}
          {returned.get('connected')
            ? `${returned.get('connected')} account${returned.get('connected') === '1' ? '' : 's'}`
            : (PLATFORM_LABELS[returned.get('platform') as PlatformName] ?? 'the account')}
          .
        </p>
      ) : null}
      {failed ? (
        <p className="state-error" role="alert">
          Connecting failed: {CONNECT_ERRORS[failed] ?? failed}
        </p>
      ) : null}
      <section aria-labelledby="connect-title" className="card">
        <h2 id="connect-title">Connect an account</h2>
        <label>
          Into profile{' '}
          <select value={profileId} onChange={(e) => setProfileId(e.target.value)}>
            <option value="">No profile</option>
            {profileList.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <Loaded load={platforms} label="platforms" minHeight={96}>
          {(d) => (
            <ul className="connect-buttons">
              {d.platforms
                .filter(
                  (p) =>
                    (PLATFORM_NAMES as readonly string[]).includes(p.name) &&
                    !BY_FORM.has(p.name as PlatformName),
                )
                .map((p) => (
                  <li key={p.name}>
                    <button
                      type="button"
                      disabled={p.availability === 'unconfigured'}
                      onClick={() =>
                        startConnect(p.name as PlatformName, profileId).catch((e: unknown) =>
                          setError(e instanceof Error ? e.message : String(e)),
                        )
                      }
                    >
                      Connect {PLATFORM_LABELS[p.name as PlatformName] ?? p.name}
                    </button>
                  </li>
                ))}
            </ul>
          )}
        </Loaded>
        {error ? (
          <p role="alert" className="error-text">
            {error}
          </p>
        ) : null}
        <BlueskyForm profileId={profileId} onConnected={list.reload} />
        <TelegramForm profileId={profileId} onConnected={list.reload} />
        <MastodonConnect profileId={profileId} />
      </section>
      <NewProfile
        onCreated={(id) => {
          profiles.reload();
          setProfileId(id);
        }}
      />
      <section aria-labelledby="connected-title">
        <h2 id="connected-title">Connected accounts</h2>
        <p className="action-message" role="status">
          {moved}
        </p>
        <Loaded
          load={list}
          label="connected accounts"
          minHeight={200}
          isEmpty={(d) => d.integrations.length === 0}
          empty={<p>No account connected yet: connect one above.</p>}
        >
          {(d) =>
            groupByProfile(d.integrations, profileList).map((g, _, groups) => (
              <section
                className="account-group"
                key={g.profile?.id ?? 'none'}
                aria-label={groupTitle(g, groups.length === 1)}
              >
                <div className="account-group-head">
                  <h3 className="account-group-title">{groupTitle(g, groups.length === 1)}</h3>
                  {g.profile ? <ProfileApproval profile={g.profile} /> : null}
                </div>
                <ul className="integration-list">
                  {g.accounts.map((i) => (
                    <IntegrationRow
                      key={i.id}
                      integration={i}
                      profiles={profileList}
                      onChange={list.reload}
                      onMoved={setMoved}
                      tick={tick}
                    />
                  ))}
                </ul>
              </section>
            ))
          }
        </Loaded>
      </section>
    </>
  );
}

/** Profiles group accounts (for example one per brand); a new one is offered in the lists at once. */
function NewProfile(props: { onCreated: (id: string) => void }) {
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await api.POST('/v1/profiles', { body: { name } });
    if (res.error || !res.data) return setMessage({ ok: false, text: errorMessage(res.error) });
    setMessage({ ok: true, text: `Profile ${res.data.profile.name} created.` });
    setName('');
    props.onCreated(res.data.profile.id);
  };
  const errors = message && !message.ok ? [message.text] : [];
  return (
    <form className="card" onSubmit={submit} aria-labelledby="profile-title">
      <h2 id="profile-title">New profile</h2>
      <Field id="profile-name" label="Profile name" messages={errors}>
        <input
          id="profile-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          {...describedBy('profile-name', errors)}
        />
      </Field>
      <button type="submit" disabled={!name.trim()}>
        Create profile
      </button>
      {message?.ok ? <p role="status">{message.text}</p> : null}
    </form>
  );
}

function BlueskyForm(props: { profileId: string; onConnected: () => void }) {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await api.POST('/v1/connect/bluesky/auth', {
      params: { query: { headless: false, ...(props.profileId ? { profileId: props.profileId } : {}) } },
      body: { identifier, password },
    });
    if (res.error) setMessage({ ok: false, text: errorMessage(res.error) });
    else {
      setMessage({ ok: true, text: `Connected ${identifier}.` });
      setPassword('');
      props.onConnected();
    }
  };
  const errors = message && !message.ok ? [message.text] : [];
  return (
    <form className="bluesky" onSubmit={submit} aria-labelledby="bluesky-title">
      <h3 id="bluesky-title">Bluesky (handle and app password)</h3>
      <Field id="bsky-handle" label="Handle">
        <input
          id="bsky-handle"
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
          autoComplete="username"
        />
      </Field>
      <Field id="bsky-password" label="App password" messages={errors}>
        <input
          id="bsky-password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          {...describedBy('bsky-password', errors)}
        />
      </Field>
      <button type="submit" disabled={!identifier || !password}>
        Connect Bluesky
      </button>
      {message?.ok ? <p role="status">{message.text}</p> : null}
    </form>
  );
}

/** Why an account must be connected again, in words. */
const REASONS: Record<string, string> = {
  token_expired: 'its access expired and could not be renewed',
  token_revoked: 'its access was revoked on the platform',
  missing_scopes: 'it was connected without all the permissions publishing needs',
  refresh_failed: 'the platform refused to renew its access',
};

function IntegrationRow(props: {
  integration: Integration;
  profiles: { id: string; name: string }[];
  onChange: () => void;
  onMoved: (message: string) => void;
  /** Changes when the page asks the service again. */
  tick: number;
}) {
  const i = props.integration;
  const detail = useLoad(
    () => ok(api.GET('/v1/connect/integrations/{id}', { params: { path: { id: i.id } } })),
    [i.id, props.tick, i.authStatus],
  );
  const [message, setMessage] = useState<string | null>(null);
  const platform = i.platform as PlatformName;
  const name = i.displayName ?? i.username ?? i.platformUserId;
  const expires = detail.state === 'ready' ? detail.data.integration.accessTokenExpiresAt : null;
  const autoRefresh = detail.state === 'ready' ? detail.data.integration.tokenStatus.autoRefreshes : true;
  const expiringSoon =
    expires !== null && !autoRefresh && new Date(expires).getTime() - Date.now() < 7 * 86400_000;
  const token = detail.state === 'ready' ? detail.data.integration.tokenStatus : null;
  // The token state is the fresher word when it says more than the list.
  const stale = i.authStatus !== 'active' || token?.reconnectRequired === true;
  const reason = token?.reason ?? i.authFailureReason;
  const title = accountTitle(platform, i);
  const move = async (profileId: string) => {
    const res = await api.PATCH('/v1/connect/integrations/{id}', {
      params: { path: { id: i.id } },
      body: { profileId: profileId || null },
    });
    if (res.error) return setMessage(errorMessage(res.error));
    // The row moves to its profile's group: the list says where it went.
    const to = props.profiles.find((p) => p.id === profileId)?.name;
    props.onMoved(`Moved ${title} to ${to ?? 'the accounts without a profile'}.`);
    props.onChange();
  };
  const disconnect = async () => {
    if (!confirm(`Disconnect ${name}? Posts already published stay.`)) return;
    const res = await api.DELETE('/v1/connect/integrations/{id}', { params: { path: { id: i.id } } });
    if (res.error) setMessage(errorMessage(res.error));
    else props.onChange();
  };
  return (
    <li className="card integration" data-platform={platform}>
      <div className="integration-head">
        <AccountLabel platform={platform} account={i} />
        <span className={`badge badge-${stale ? 'failed' : 'published'}`}>
          {stale ? 'needs reconnecting' : 'connected'}
        </span>
        {expiringSoon ? (
          <span className="badge badge-partial">token expires {formatTime(expires)}</span>
        ) : null}
      </div>
      {stale ? (
        <p className="error-text">
          Publishing to {title} stops until you reconnect it
          {reason ? `: ${REASONS[reason] ?? reason.replace(/_/g, ' ')}` : ''}.
        </p>
      ) : null}
      <div className="integration-actions">
        <label>
          Profile{' '}
          <select value={i.profileId ?? ''} onChange={(e) => move(e.target.value)}>
            <option value="">No profile</option>
            {props.profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        {!BY_FORM.has(platform) || platform === 'mastodon' ? (
          <button
            type="button"
            className={stale ? '' : 'secondary'}
            onClick={() =>
              startConnect(platform, i.profileId ?? '', mastodonInstanceOf(i)).catch((e: unknown) =>
                setMessage(String(e)),
              )
            }
          >
            {stale ? (
              `Reconnect ${title}`
            ) : (
              <>
                Reconnect<span className="visually-hidden"> {title}</span>
              </>
            )}
          </button>
        ) : null}
        <button type="button" className="danger" onClick={disconnect}>
          Disconnect<span className="visually-hidden"> {name}</span>
        </button>
      </div>
      <p role="status" className="action-message">
        {message}
      </p>
    </li>
  );
}
