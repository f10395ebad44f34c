// One connected account on the Accounts page: its state (token expiring, needs
// reconnecting, and why), its profile, reconnect and disconnect.
import { useState } from 'react';
import { api, errorMessage, type Integration, ok, type PlatformName } from '../../api/client.ts';
import { formatTime, useLoad } from '../../ui.tsx';
import { AccountLabel, accountTitle } from './AccountLabel.tsx';
import { BY_FORM, startConnect } from './connect.ts';
import { mastodonInstanceOf } from './MastodonConnect.tsx';

/** Why an account must be connected again, in words. */
const REASONS: Record<string, string> = {
  token_expired: 'its access expired and could not be renewed',
  token_revoked: 'its access was revoked on the platform',
  missing_scopes: 'it was connected without all the permissions publishing needs',
  refresh_failed: 'the platform refused to renew its access',
};

export function IntegrationRow(props: {
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
