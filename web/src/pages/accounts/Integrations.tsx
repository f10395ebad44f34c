// Connected accounts: connect one per platform (OAuth there and back, Facebook, LinkedIn
// and Google Business through a page to choose Pages, organizations and locations, Bluesky by handle and app
// password), see each one's state (token expiring, needs reconnecting), reconnect,
// move it to another profile, disconnect. The state is the service's, asked again when
// the person comes back to the tab and every minute: access revoked on the platform
// shows here once the service knows it, not only after a post failed.
import { useEffect, useState } from 'react';
import { api, ok, PLATFORM_LABELS, PLATFORM_NAMES, type PlatformName } from '../../api/client.ts';
import { navigate, useLocation } from '../../router.ts';
import { Loaded, PageHeader, useLoad } from '../../ui.tsx';
import { ProfileApproval } from '../approval/ApprovalSettings.tsx';
import { groupByProfile, groupTitle } from './byProfile.ts';
import { BY_FORM, CONNECT_ERRORS, startConnect } from './connect.ts';
import { IntegrationRow } from './IntegrationRow.tsx';
import { MastodonConnect } from './MastodonConnect.tsx';
import { BlueskyForm, NewProfile } from './ProfileForms.tsx';
import { TelegramForm } from './TelegramForm.tsx';
import { refreshAccounts } from './useAccounts.ts';

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
  const [moved, setMoved] = useState<string | null>(null);
  const connected = returned.get('integrationId') || returned.get('connected');
  const failed = returned.get('error');
  // The connection's banner (from the address) gives way to whatever the person does next:
  // a button, a choice or a form on the page, or another page (the address loses it).
  useEffect(() => {
    if (!connected && !failed) return;
    const forget = (e: Event) => {
      const acted =
        e.type === 'submit' || (e.target instanceof Element && e.target.closest('main button, main select'));
      if (acted) navigate('/integrations', { replace: true });
    };
    for (const kind of ['click', 'change', 'submit']) document.addEventListener(kind, forget, true);
    return () => {
      for (const kind of ['click', 'change', 'submit']) document.removeEventListener(kind, forget, true);
    };
  }, [connected, failed]);
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
