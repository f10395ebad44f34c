// Password reset: without a token, ask for a link by e-mail (the answer is the
// same whether the e-mail has an account); with one (/reset-password#<token>),
// choose the new password. Every session of the person then ends.
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../api/client.ts';
import { describedBy, Field } from '../../ui.tsx';

export default function ResetPassword() {
  const token = location.hash.slice(1);
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    const res = await (token
      ? api.POST('/v1/auth/password-reset/complete', { body: { token, password: value } })
      : api.POST('/v1/auth/password-reset', { body: { email: value.trim() } })
    ).catch(() => null);
    setBusy(false);
    if (res?.data) setMessage({ ok: true, text: res.data.message });
    else setMessage({ ok: false, text: res ? errorMessage(res.error) : 'The service could not be reached.' });
  };
  const errors = message && !message.ok ? [message.text] : [];
  return (
    <main className="signin" id="main">
      <form onSubmit={submit} aria-labelledby="page-title">
        <h1 id="page-title">{token ? 'Choose a new password' : 'Reset your password'}</h1>
        <Field
          id="reset-value"
          label={token ? 'New password (at least 10 characters)' : 'Your e-mail'}
          messages={errors}
        >
          <input
            id="reset-value"
            type={token ? 'password' : 'email'}
            autoComplete={token ? 'new-password' : 'username'}
            required
            value={value}
            onChange={(e) => setValue(e.target.value)}
            {...describedBy('reset-value', errors)}
          />
        </Field>
        {message?.ok && <p role="status">{message.text}</p>}
        <button type="submit" disabled={busy || value === ''}>
          {token ? 'Set the password' : 'Send me a link'}
        </button>
        <p>
          <a href="/">Back to sign-in</a>
        </p>
      </form>
    </main>
  );
}
