// The page an invitation link opens (/invitation#<token>): what the invitation is
// for, then accepting, which signs in. Signed in as the invited person already:
// one button. Otherwise a password: a new one, or the existing one of a person who
// has an account (the service never tells this page which, since the inviter holds
// the link too), and the authenticator code when the answer asks for it. The token
// stays in the fragment: it never reaches the service's access logs as part of a URL.
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
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (signedIn: boolean) => {
    setBusy(true);
    setError(null);
    const body = signedIn ? {} : { password, ...(code.trim() ? { totpCode: code.trim() } : {}) };
    const res = await api
      .POST('/v1/auth/invitations/{token}/accept', { params: { path: { token } }, body })
      .catch(() => null);
    setBusy(false);
    if (res?.data) {
      history.replaceState(null, '', '/');
      props.onSignedIn();
      return;
    }
    const message = res ? errorMessage(res.error) : 'The service could not be reached.';
    // The one answer to a wrong password or a missing code mentions totpCode: offer the code field.
    if (res?.response.status === 401 && /totpCode/.test(message)) setAskCode(true);
    setError(message);
  };
  const messages = error ? [error] : [];
  return (
    <main className="signin" id="main">
      <Loaded load={invitation} label="the invitation">
        {({ invitation: inv }) => (
          <form
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              void submit(inv.signedIn);
            }}
            aria-labelledby="page-title"
          >
            <h1 id="page-title">Accept the invitation</h1>
            <p>
              <strong>{inv.email}</strong> is invited to the project <strong>{inv.projectName}</strong> as{' '}
              {inv.role}.
            </p>
            {inv.signedIn ? (
              <p>You are signed in as {inv.email}: accepting adds the project to your account.</p>
            ) : (
              <>
                <Field
                  id="new-password"
                  label="Choose a password (at least 10 characters), or enter yours if this e-mail has an account here"
                  messages={askCode ? [] : messages}
                >
                  <input
                    id="new-password"
                    type="password"
                    autoComplete="new-password"
                    required
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    {...describedBy('new-password', askCode ? [] : messages)}
                  />
                </Field>
                {askCode && (
                  <Field
                    id="totp-code"
                    label="Code from your authenticator app, if you turned on two-factor sign-in (or a recovery code)"
                    messages={messages}
                  >
                    <input
                      id="totp-code"
                      autoComplete="one-time-code"
                      inputMode="numeric"
                      value={code}
                      onChange={(e) => setCode(e.target.value)}
                      {...describedBy('totp-code', messages)}
                    />
                  </Field>
                )}
              </>
            )}
            <button type="submit" disabled={busy || (!inv.signedIn && password === '')}>
              {busy ? 'Accepting…' : 'Accept and sign in'}
            </button>
          </form>
        )}
      </Loaded>
    </main>
  );
}
