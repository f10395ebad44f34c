// A new profile (for example one per brand), and Bluesky's connection by handle and app password.
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../api/client.ts';
import { describedBy, Field } from '../../ui.tsx';

/** Profiles group accounts (for example one per brand); a new one is offered in the lists at once. */
export function NewProfile(props: { onCreated: (id: string) => void }) {
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

export function BlueskyForm(props: { profileId: string; onConnected: () => void }) {
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
