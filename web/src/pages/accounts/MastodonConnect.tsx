// Connecting a Mastodon account: the person names their instance (https://mastodon.social),
// the service registers its app there the first time and answers the instance's own
// authorization page, which sends the person back to the accounts page. Left empty, the
// sandbox instance is used (the service refuses an empty instance outside sandbox mode,
// and says so).
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../api/client.ts';
import { describedBy, Field } from '../../ui.tsx';

export function MastodonConnect(props: { profileId: string }) {
  const [instance, setInstance] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    const res = await api.GET('/v1/connect/{platform}', {
      params: {
        path: { platform: 'mastodon' },
        query: {
          redirectUri: `${location.origin}/integrations`,
          cancelRedirectUri: `${location.origin}/integrations`,
          headless: false,
          ...(instance.trim() ? { instance: instance.trim() } : {}),
          ...(props.profileId ? { profileId: props.profileId } : {}),
        },
      },
    });
    setBusy(false);
    if (res.error) setProblem(errorMessage(res.error));
    else if (res.data) location.assign(res.data.url);
  };
  const errors = problem ? [problem] : [];
  return (
    <form className="bluesky" onSubmit={submit} aria-labelledby="mastodon-title">
      <h3 id="mastodon-title">Mastodon (your instance)</h3>
      <Field id="mastodon-instance" label="Instance address" messages={errors}>
        <input
          id="mastodon-instance"
          type="url"
          inputMode="url"
          placeholder="https://mastodon.social"
          value={instance}
          onChange={(e) => setInstance(e.target.value)}
          autoComplete="url"
          {...describedBy('mastodon-instance', errors)}
        />
      </Field>
      <button type="submit" disabled={busy}>
        Connect Mastodon
      </button>
    </form>
  );
}

/**
 * The instance to reconnect a Mastodon account on: the host its platformUserId
 * names (`<id>@<instance host>`), as an https address, so Reconnect never falls
 * back to the service's default instance. A sandbox account is on the simulator's
 * instance, which the service uses when none is named.
 */
export function mastodonInstanceOf(i: {
  platform: string;
  platformUserId: string;
  sandbox?: boolean | undefined;
}): string | undefined {
  if (i.platform !== 'mastodon' || i.sandbox) return undefined;
  const host = i.platformUserId.split('@').pop();
  return host ? `https://${host}` : undefined;
}
