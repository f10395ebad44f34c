// The page an invitation link opens (/invitation#<token>): what the invitation is
// for, then a new password (or the existing one of a person already in another
// project); accepting signs in. The token stays in the fragment: it never reaches
// the service's access logs as part of a URL.
import { type FormEvent, useState } from 'react';
import { api, errorMessage, ok } from '../../api/client.ts';
import { describedBy, Field, Loaded, useLoad } from '../../ui.tsx';

export default function AcceptInvitation(props: { onSignedIn: () => void }) {
  const token = location.hash.slice(1);
  const invitation = useLoad(
    () => ok(api.GET('/v1/auth/invitations/{token}', { params: { path: { token } } })),
    [token],
  );
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const res = await api
      .POST('/v1/auth/invitations/{token}/accept', { params: { path: { token } }, body: { password } })
      .catch(() => null);
    setBusy(false);
    if (res?.data) {
      history.replaceState(null, '', '/');
      props.onSignedIn();
    } else setError(res ? errorMessage(res.error) : 'The service could not be reached.');
  };
  const messages = error ? [error] : [];
  return (
    <main className="signin" id="main">
      <form onSubmit={submit} aria-labelledby="page-title">
        <h1 id="page-title">Accept the invitation</h1>
        <Loaded load={invitation} label="the invitation">
          {({ invitation: inv }) => (
            <>
              <p>
                <strong>{inv.email}</strong> is invited to the project <strong>{inv.projectName}</strong> as{' '}
                {inv.role}.
              </p>
              <Field
                id="new-password"
                label={inv.hasPassword ? 'Your password' : 'Choose a password (at least 10 characters)'}
                messages={messages}
              >
                <input
                  id="new-password"
                  type="password"
                  autoComplete={inv.hasPassword ? 'current-password' : 'new-password'}
                  required
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  {...describedBy('new-password', messages)}
                />
              </Field>
              <button type="submit" disabled={busy || password === ''}>
                {busy ? 'Accepting…' : 'Accept and sign in'}
              </button>
            </>
          )}
        </Loaded>
      </form>
    </main>
  );
}
