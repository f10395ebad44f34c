// Signing in checks the key with the API (GET /v1/health/auth) before keeping it for this browser session.
import { type FormEvent, useState } from 'react';
import { api, session } from '../api/client.ts';
import { describedBy, Field } from '../ui.tsx';

export default function SignIn(props: { onSignedIn: () => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await api.GET('/v1/health/auth', { headers: { 'x-access-key': key.trim() } });
      if (res.response.ok) {
        session.signIn(key.trim());
        props.onSignedIn();
      } else
        setError(
          res.response.status === 401
            ? 'This access key is not valid.'
            : `The service answered ${res.response.status}.`,
        );
    } catch {
      setError('The service could not be reached.');
    } finally {
      setBusy(false);
    }
  };
  const messages = error ? [error] : [];
  return (
    <main className="signin" id="main">
      <form onSubmit={submit} aria-labelledby="page-title">
        <h1 id="page-title">Sign in</h1>
        <p>Use a project access key. It is kept for this browser session only; signing out forgets it.</p>
        <Field id="access-key" label="Access key" messages={messages}>
          <input
            id="access-key"
            type="password"
            autoComplete="off"
            required
            value={key}
            onChange={(e) => setKey(e.target.value)}
            {...describedBy('access-key', messages)}
          />
        </Field>
        <button type="submit" disabled={busy || key.trim() === ''}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
