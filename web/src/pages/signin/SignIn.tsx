// Signing in: a person with their e-mail and password (and the code of their
// authenticator app when they enrolled one); the service answers with a session
// cookie. An operator may use a project access key instead, checked with the API
// (GET /v1/health/auth) before it is kept for this browser session. The e-mail form's
// button says "Continue" (a code may be asked next), so each form has one named button.
// The service answers a wrong password and a missing code alike, so after a refusal
// the page shows the (optional) code field beside the message.
import { type FormEvent, useEffect, useState } from 'react';
import { api, errorMessage, session } from '../../api/client.ts';
import { describedBy, Field } from '../../ui.tsx';

function PasswordSignIn(props: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  // A refusal from the identity provider's way back (/v1/auth/oidc/callback) arrives in the URL.
  const [error, setError] = useState<string | null>(new URLSearchParams(location.search).get('signInError'));
  const [oidc, setOidc] = useState<{ label: string; startUrl: string } | null>(null);
  // Without a mail server no reset link can be sent: the page says who can make one instead.
  const [resetByEmail, setResetByEmail] = useState<boolean | null>(null);
  useEffect(() => {
    api
      .GET('/v1/auth/methods')
      .then((res) => {
        setOidc(res.data?.oidc ?? null);
        setResetByEmail(res.data?.passwordResetByEmail ?? null);
      })
      .catch(() => undefined);
  }, []);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await api.POST('/v1/auth/sign-in', {
        body: {
          email: email.trim(),
          password,
          ...(needsCode && code.trim() ? { totpCode: code.trim() } : {}),
        },
      });
      if (res.data) return props.onSignedIn();
      const message = errorMessage(res.error, `The service answered ${res.response.status}.`);
      // One answer serves a wrong password and a missing code alike (it never confirms a
      // password): it mentions totpCode, and the page then offers the code field too.
      if (res.response.status === 401 && /totpCode/.test(message)) setNeedsCode(true);
      setError(message);
    } catch {
      setError('The service could not be reached.');
    } finally {
      setBusy(false);
    }
  };
  const messages = error ? [error] : [];
  return (
    <form onSubmit={submit} aria-labelledby="page-title">
      <h1 id="page-title">Sign in</h1>
      <Field id="email" label="E-mail">
        <input
          id="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field id="password" label="Password" messages={messages}>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          {...describedBy('password', messages)}
        />
      </Field>
      {needsCode && (
        <Field
          id="totp-code"
          label="Code from your authenticator app, if you turned on two-factor sign-in (or a recovery code)"
        >
          <input
            id="totp-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </Field>
      )}
      <button type="submit" disabled={busy || email.trim() === '' || password === ''}>
        {busy ? 'Signing in…' : 'Continue'}
      </button>
      {resetByEmail === false ? (
        <p className="hint">Forgot your password? Ask an owner of your project for a reset link.</p>
      ) : resetByEmail ? (
        <p>
          <a href="/reset-password">Forgot your password?</a>
        </p>
      ) : null}
      {oidc && (
        <p>
          <a className="button secondary" href={oidc.startUrl}>
            Sign in with {oidc.label}
          </a>
        </p>
      )}
    </form>
  );
}

function KeySignIn(props: { onSignedIn: () => void }) {
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
    <form onSubmit={submit} aria-labelledby="key-title" className="key-signin">
      <h2 id="key-title">Operators: sign in with a project key</h2>
      <p>The key is kept for this browser session only; signing out forgets it.</p>
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
  );
}

export default function SignIn(props: { onSignedIn: () => void }) {
  return (
    <main className="signin" id="main">
      <PasswordSignIn onSignedIn={props.onSignedIn} />
      <KeySignIn onSignedIn={props.onSignedIn} />
    </main>
  );
}
