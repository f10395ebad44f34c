// After a Facebook, LinkedIn or Google Business authorization, the person chooses which
// Pages, organizations or locations to connect (GET then POST /v1/connect/{platform}/selection/{token}).
import { type FormEvent, useState } from 'react';
import { api, ok, PLATFORM_LABELS } from '../../api/client.ts';
import { navigate, useLocation } from '../../router.ts';
import { Link, Loaded, PageHeader, useLoad } from '../../ui.tsx';
import { Avatar } from './Avatar.tsx';

type Choosing = 'facebook' | 'linkedin' | 'googlebusiness';

const readOffer = (platform: Choosing, token: string) =>
  // One call per platform: each answer names its own platform and account types.
  platform === 'facebook'
    ? ok(api.GET('/v1/connect/facebook/selection/{token}', { params: { path: { token } } }))
    : platform === 'googlebusiness'
      ? ok(api.GET('/v1/connect/googlebusiness/selection/{token}', { params: { path: { token } } }))
      : ok(api.GET('/v1/connect/linkedin/selection/{token}', { params: { path: { token } } }));
type Offer = Awaited<ReturnType<typeof readOffer>>;

export default function Selection() {
  const q = useLocation().searchParams;
  const platform = q.get('platform') as Choosing | null;
  const token = q.get('selectionToken') ?? '';
  const valid =
    (platform === 'facebook' || platform === 'linkedin' || platform === 'googlebusiness') && token !== '';
  const choices = useLoad<Offer>(
    () =>
      valid
        ? readOffer(platform, token)
        : Promise.reject(new Error('this page needs a platform and a selection token from a connection')),
    [platform, token],
  );
  const [picked, setChosen] = useState<Set<string> | null>(null);
  // A single account offered is the one to connect: it starts ticked (and can still be unticked).
  const offered = choices.state === 'ready' ? choices.data.accounts : [];
  const chosen = picked ?? new Set(offered.length === 1 ? offered.map((a) => a.id) : []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setBusy(true);
    setError(null);
    try {
      const body = { selectedAccountIds: [...chosen] };
      const saved =
        platform === 'facebook'
          ? await ok(
              api.POST('/v1/connect/facebook/selection/{token}', { params: { path: { token } }, body }),
            )
          : platform === 'googlebusiness'
            ? await ok(
                api.POST('/v1/connect/googlebusiness/selection/{token}', {
                  params: { path: { token } },
                  body,
                }),
              )
            : await ok(
                api.POST('/v1/connect/linkedin/selection/{token}', { params: { path: { token } }, body }),
              );
      navigate(`/integrations?connected=${saved.integrations.length}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };
  const label = platform ? PLATFORM_LABELS[platform] : 'platform';
  return (
    <>
      <PageHeader title={`Choose ${label} accounts to connect`} />
      <Loaded
        load={choices}
        label="the accounts to choose from"
        minHeight={200}
        isEmpty={(d) => d.accounts.length === 0}
        empty={
          <p>
            The authorization offered no account. <Link to="/integrations">Back to accounts</Link>
          </p>
        }
      >
        {(d) => (
          <form onSubmit={submit} className="card">
            <fieldset>
              <legend>
                {platform === 'facebook'
                  ? 'Pages'
                  : platform === 'googlebusiness'
                    ? 'Locations'
                    : 'Profile and organizations'}{' '}
                (this choice expires in {Math.round(d.expiresInSeconds / 60)} min)
              </legend>
              <ul className="choices">
                {d.accounts.map((a) => (
                  <li key={a.id}>
                    <label className="account-choice">
                      <input
                        type="checkbox"
                        checked={chosen.has(a.id)}
                        onChange={(e) => {
                          const next = new Set(chosen);
                          if (e.target.checked) next.add(a.id);
                          else next.delete(a.id);
                          setChosen(next);
                        }}
                      />
                      <Avatar
                        className="choice-avatar"
                        src={a.imageUrl}
                        size={32}
                        name={a.displayName ?? a.username ?? a.platformUserId}
                      />
                      {a.displayName ?? a.username ?? a.platformUserId}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            {error ? (
              <p role="alert" className="error-text">
                {error}
              </p>
            ) : null}
            <button type="submit" disabled={busy || chosen.size === 0}>
              Connect {chosen.size} selected
            </button>{' '}
            <Link to="/integrations">Cancel</Link>
          </form>
        )}
      </Loaded>
    </>
  );
}
