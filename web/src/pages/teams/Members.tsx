// Members of the project: invite someone (role and, optionally, some profiles
// only), copy the invitation link, change a member's role or profiles, remove a
// member or withdraw an invitation. Needs the admin role (the API answers 403 otherwise).
import { type FormEvent, useState } from 'react';
import { api, errorMessage, type Member, ok, type Role } from '../../api/client.ts';
import { describedBy, Field, formatTime, Loaded, PageHeader, useLoad } from '../../ui.tsx';

const ROLES = ['owner', 'admin', 'editor', 'contributor', 'viewer'] as const;
const ROLE_HELP: Record<(typeof ROLES)[number], string> = {
  owner: 'everything, members and credits included',
  admin: 'members, keys, webhooks, apps',
  editor: 'connect accounts, publish, schedule, approve',
  contributor: 'drafts that need approval',
  viewer: 'read only',
};

function ProfilePicker(props: {
  id: string;
  profiles: { id: string; name: string }[];
  value: string[] | null;
  onChange: (v: string[] | null) => void;
}) {
  const all = props.value === null;
  return (
    <fieldset className="profile-picker">
      <legend>Profiles</legend>
      <label>
        <input type="checkbox" checked={all} onChange={(e) => props.onChange(e.target.checked ? null : [])} />{' '}
        Every profile
      </label>
      {!all &&
        props.profiles.map((p) => (
          <label key={p.id}>
            <input
              type="checkbox"
              checked={props.value?.includes(p.id) ?? false}
              onChange={(e) =>
                props.onChange(
                  e.target.checked
                    ? [...(props.value ?? []), p.id]
                    : (props.value ?? []).filter((id) => id !== p.id),
                )
              }
            />{' '}
            {p.name}
          </label>
        ))}
    </fieldset>
  );
}

function InviteForm(props: { profiles: { id: string; name: string }[]; onInvited: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const [profileIds, setProfileIds] = useState<string[] | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setLink(null);
    const res = await api.POST('/v1/members', { body: { email: email.trim(), role, profileIds } });
    if (res.data) {
      setLink(res.data.link);
      setEmail('');
      props.onInvited();
    } else setError(errorMessage(res.error));
  };
  const messages = error ? [error] : [];
  return (
    <section className="card" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite someone</h2>
      <form onSubmit={submit}>
        <Field id="invite-email" label="E-mail" messages={messages}>
          <input
            id="invite-email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            {...describedBy('invite-email', messages)}
          />
        </Field>
        <Field id="invite-role" label="Role">
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r} — {ROLE_HELP[r]}
              </option>
            ))}
          </select>
        </Field>
        <ProfilePicker
          id="invite-profiles"
          profiles={props.profiles}
          value={profileIds}
          onChange={setProfileIds}
        />
        <button
          type="submit"
          disabled={email.trim() === '' || (profileIds !== null && profileIds.length === 0)}
        >
          Invite
        </button>
      </form>
      {link && (
        <div className="link-box" role="status">
          <label htmlFor="invite-link">Invitation link (works once)</label>
          <input id="invite-link" readOnly value={link} />
          <button
            type="button"
            className="secondary"
            onClick={() => navigator.clipboard?.writeText(link).then(() => setCopied(true))}
          >
            {copied ? 'Copied' : 'Copy link'}
          </button>
        </div>
      )}
    </section>
  );
}

function MemberRow(props: {
  member: Member;
  profiles: { id: string; name: string }[];
  onChange: () => void;
}) {
  const m = props.member;
  const [error, setError] = useState<string | null>(null);
  const patch = async (body: { role?: Role; profileIds?: string[] | null }) => {
    setError(null);
    const res = await api.PATCH('/v1/members/{id}', { params: { path: { id: m.id } }, body });
    if (res.error) setError(errorMessage(res.error));
    props.onChange();
  };
  const remove = async () => {
    if (!confirm(`Remove ${m.email} from the project?`)) return;
    const res = await api.DELETE('/v1/members/{id}', { params: { path: { id: m.id } } });
    if (res.error) setError(errorMessage(res.error));
    props.onChange();
  };
  const names = (ids: string[] | null) =>
    ids === null
      ? 'Every profile'
      : ids.map((id) => props.profiles.find((p) => p.id === id)?.name ?? id).join(', ');
  return (
    <tr>
      <td>
        {m.email}
        {m.totpEnabled ? ' (2FA)' : ''}
        {error && (
          <p role="alert" className="error-text">
            {error}
          </p>
        )}
      </td>
      <td>
        <select
          aria-label={`Role of ${m.email}`}
          value={m.role}
          onChange={(e) => patch({ role: e.target.value as Role })}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </td>
      <td>{names(m.profileIds)}</td>
      <td>
        <button type="button" className="secondary" onClick={remove} aria-label={`Remove ${m.email}`}>
          Remove
        </button>
      </td>
    </tr>
  );
}

export default function Members() {
  const members = useLoad(() => ok(api.GET('/v1/members')), []);
  const profiles = useLoad(() => ok(api.GET('/v1/profiles', { params: { query: { limit: 100 } } })), []);
  const list = profiles.state === 'ready' ? profiles.data.profiles : [];
  const withdraw = async (id: string) => {
    await api.DELETE('/v1/members/invitations/{id}', { params: { path: { id } } });
    members.reload();
  };
  return (
    <>
      <PageHeader title="Members" />
      <InviteForm profiles={list} onInvited={members.reload} />
      <Loaded load={members} label="members">
        {(d) => (
          <>
            <div className="table-scroll">
              <table className="members">
                <caption>Members</caption>
                <thead>
                  <tr>
                    <th scope="col">E-mail</th>
                    <th scope="col">Role</th>
                    <th scope="col">Profiles</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.members.map((m) => (
                    <MemberRow
                      key={`${m.id}-${m.updatedAt}`}
                      member={m}
                      profiles={list}
                      onChange={members.reload}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            {d.invitations.length > 0 && (
              <div className="table-scroll">
                <table className="members">
                  <caption>Open invitations</caption>
                  <thead>
                    <tr>
                      <th scope="col">E-mail</th>
                      <th scope="col">Role</th>
                      <th scope="col">Until</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.invitations.map((i) => (
                      <tr key={i.id}>
                        <td>{i.email}</td>
                        <td>{i.role}</td>
                        <td>{formatTime(i.expiresAt)}</td>
                        <td>
                          <button
                            type="button"
                            className="secondary"
                            onClick={() => withdraw(i.id)}
                            aria-label={`Withdraw the invitation of ${i.email}`}
                          >
                            Withdraw
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </Loaded>
    </>
  );
}
