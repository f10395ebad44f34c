// Sandbox mode only: a fresh sandbox has nobody commenting or writing, so the inbox
// offers to have the simulator play the public (POST /v1/sandbox/comments and
// /v1/sandbox/messages). What it adds arrives as a real comment or message does and
// shows in the lists below once they load again.
import { useState } from 'react';
import { api, errorMessage, type Integration } from '../../api/client.ts';
import { accountTitle } from '../accounts/AccountLabel.tsx';
import { useAccounts } from '../accounts/useAccounts.ts';

const COMMENT_PLATFORMS = ['facebook', 'instagram', 'threads'];

export function SandboxSimulate(props: { kind: 'comment' | 'message'; onArrived: () => void }) {
  const accounts = useAccounts();
  const offered = [...(accounts?.values() ?? [])].filter(
    (a: Integration) =>
      a.sandbox &&
      (props.kind === 'message' ? a.platform === 'instagram' : COMMENT_PLATFORMS.includes(a.platform)),
  );
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  if (offered.length === 0) return null;
  const accountId = offered.some((a) => a.id === chosen) ? chosen : (offered[0] as Integration).id;
  const label = props.kind === 'comment' ? 'Simulate a comment' : 'Simulate a message';
  const simulate = async () => {
    setBusy(true);
    setMessage('');
    const res =
      props.kind === 'comment'
        ? await api.POST('/v1/sandbox/comments', { body: { accountId } })
        : await api.POST('/v1/sandbox/messages', { body: { accountId } });
    setBusy(false);
    if (!res.data) {
      setMessage(errorMessage(res.error));
      return;
    }
    const d = res.data as { text: string; author?: { name: string }; from?: { username: string } };
    setMessage(
      props.kind === 'comment'
        ? `${d.author?.name ?? 'Someone'} commented: “${d.text}”`
        : `${d.from?.username ?? 'Someone'} wrote: “${d.text}”`,
    );
    props.onArrived();
  };
  return (
    <section className="card sandbox-simulate" aria-labelledby={`simulate-${props.kind}`}>
      <h2 id={`simulate-${props.kind}`}>Try the inbox in sandbox mode</h2>
      <p className="hint">
        {props.kind === 'comment'
          ? 'The simulator comments on the account’s latest published post, as a follower would.'
          : 'The simulator sends the Instagram account a direct message, as a customer would.'}{' '}
        Nothing reaches a real platform.
      </p>
      <div className="sub-actions">
        <label htmlFor={`simulate-${props.kind}-account`}>Account</label>
        <select
          id={`simulate-${props.kind}-account`}
          value={accountId}
          onChange={(e) => setChosen(e.target.value)}
        >
          {offered.map((a) => (
            <option key={a.id} value={a.id}>
              {accountTitle(a.platform, a)}
            </option>
          ))}
        </select>
        <button type="button" disabled={busy} onClick={() => void simulate()}>
          {label}
        </button>
      </div>
      <p className="action-message" role="status">
        {message}
      </p>
    </section>
  );
}
