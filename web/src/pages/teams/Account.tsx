// The signed-in person's account: who and where they are, switching project,
// two-factor sign-in (enrol with an authenticator app, confirm with a code, keep
// the recovery codes; or turn it off), and signing out of every session.
import { type FormEvent, useState } from 'react';
import { api, errorMessage, ok } from '../../api/client.ts';
import { describedBy, Field, Loaded, PageHeader, useLoad } from '../../ui.tsx';

function TwoFactor(props: { enabled: boolean; onChange: () => void }) {
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
    const res = await api.POST('/v1/auth/totp/enrol');
    if (res.data) setEnrolment(res.data);
    else setError(errorMessage(res.error));
  };
  const confirmCode = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const res = props.enabled
      ? await api.POST('/v1/auth/totp/disable', { body: { code: code.trim() } })
      : await api.POST('/v1/auth/totp/confirm', { body: { code: code.trim() } });
    if (res.error) return setError(errorMessage(res.error));
    if (res.data && 'recoveryCodes' in res.data) setCodes(res.data.recoveryCodes);
    setEnrolment(null);
    setCode('');
    props.onChange();
  };
  const messages = error ? [error] : [];
  const codeForm = (label: string, button: string) => (
    <form onSubmit={confirmCode}>
      <Field id="totp-code" label={label} messages={messages}>
        <input
          id="totp-code"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          {...describedBy('totp-code', messages)}
        />
      </Field>
      <button type="submit">{button}</button>
    </form>
  );
  return (
    <section className="card" aria-labelledby="totp-title">
      <h2 id="totp-title">Two-factor sign-in</h2>
      {codes && (
        <div role="status">
          <p>Two-factor sign-in is on. Keep these recovery codes somewhere safe; each signs in once:</p>
          <ul className="recovery-codes">
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      {props.enabled ? (
        codeForm('Code from your app (or a recovery code) to turn it off', 'Turn off')
      ) : enrolment ? (
        <>
          <p>
            Add this account to your authenticator app: open{' '}
            <a href={enrolment.otpauthUri}>the otpauth link</a> or enter the key{' '}
            <code>{enrolment.secret}</code>.
          </p>
          {codeForm('Code shown by the app', 'Confirm')}
        </>
      ) : (
        <>
          <p>Off: signing in needs only your password.</p>
          <button type="button" onClick={start}>
            Set up an authenticator app
          </button>
          {error && (
            <p role="alert" className="error-text">
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}

export default function Account(props: { onSignedOut: () => void }) {
  const me = useLoad(() => ok(api.GET('/v1/auth/session')), []);
  const switchTo = async (projectId: string) => {
    const res = await api.POST('/v1/auth/switch-project', { body: { projectId } });
    if (res.data) location.assign('/');
  };
  const everywhere = async () => {
    await api.POST('/v1/auth/sign-out-everywhere');
    props.onSignedOut();
  };
  return (
    <>
      <PageHeader title="Account" />
      <Loaded load={me} label="your account">
        {({ session: s }) => (
          <>
            <section className="card" aria-labelledby="who-title">
              <h2 id="who-title">{s.email ?? 'Access key'}</h2>
              <p>
                {s.role} in <strong>{s.project.name}</strong>
                {s.profileIds ? `, limited to ${s.profileIds.length} profile(s)` : ''}.
              </p>
              {s.projects.length > 1 && (
                <Field id="project-switch" label="Work in another project">
                  <select id="project-switch" value={s.project.id} onChange={(e) => switchTo(e.target.value)}>
                    {s.projects.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name} ({p.role})
                      </option>
                    ))}
                  </select>
                </Field>
              )}
              {s.kind === 'member' && (
                <button type="button" className="secondary" onClick={everywhere}>
                  Sign out everywhere
                </button>
              )}
            </section>
            {s.kind === 'member' && <TwoFactor enabled={s.totpEnabled} onChange={me.reload} />}
          </>
        )}
      </Loaded>
    </>
  );
}
