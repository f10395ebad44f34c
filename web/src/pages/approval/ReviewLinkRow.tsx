// One client review link as the team knows it: what it shows (its label, else its
// post's text, or a profile's upcoming posts), the accounts the post goes to, who made
// it and when, until when it opens, and whether anything is left to review: a link
// whose post has been decided (approved or sent back) or has gone out says so instead
// of "Open", and can no longer be revoked (nothing is left to protect).
import { api, ok, type Post } from '../../api/client.ts';
import { formatTime, useLoad } from '../../ui.tsx';
import { atHandle, platformLabel } from '../accounts/AccountLabel.tsx';
import { useAccounts } from '../accounts/useAccounts.ts';
import { type Profile, profileName } from '../planning/queues.ts';
import { reviewLinkStatusWords } from '../wording/statuses.ts';
import { useActorName } from './actorNames.ts';

export type ReviewLink = NonNullable<Awaited<ReturnType<typeof loadLinks>>>['reviewLinks'][number];
export const loadLinks = () =>
  ok(api.GET('/v1/review-links', { params: { query: { limit: 50, offset: 0 } } }));

const GONE_OUT = new Set(['published', 'partial', 'failed', 'publishing']);
const APPROVED = new Set(['approved', 'review_approved']);
const SENT_BACK = new Set(['changes_requested', 'review_changes_requested']);

/** The post and the decision taken on it since the link was made, if any. */
async function loadSubject(link: ReviewLink) {
  if (!link.postId) return null;
  const postId = link.postId;
  const [post, notes] = await Promise.all([
    ok(api.GET('/v1/posts/{postId}', { params: { path: { postId } } })).then((d) => d.post),
    ok(api.GET('/v1/posts/{postId}/notes', { params: { path: { postId } } })).then((d) => d.notes),
  ]);
  const since = notes.filter((n) => Date.parse(n.createdAt) >= Date.parse(link.createdAt));
  const decision = since.findLast((n) => APPROVED.has(n.kind) || SENT_BACK.has(n.kind));
  return {
    post,
    decided: decision ? (APPROVED.has(decision.kind) ? ('approved' as const) : ('sent_back' as const)) : null,
  };
}

/** What is left of an open link: its post gone out or decided closes it. */
function closedBy(subject: Awaited<ReturnType<typeof loadSubject>>): string | null {
  if (!subject) return null;
  const { post, decided } = subject;
  if (GONE_OUT.has(post.status)) return 'published';
  // Still waiting (a reviewer's answer through a link that can not approve is only recorded).
  if (post.status === 'pending') return null;
  if (decided === 'approved')
    return post.scheduledFor && post.status === 'scheduled'
      ? `Decided: approved, scheduled for ${formatTime(post.scheduledFor)}`
      : 'Decided: approved';
  if (decided === 'sent_back') return 'Decided: sent back as a draft';
  return null;
}

const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text || '(no text)');

function AccountsOf(props: { post: Post }) {
  const accounts = useAccounts();
  return (
    <ul className="target-names link-accounts">
      {props.post.platforms.map((t) => {
        const a = accounts?.get(t.integrationId);
        const who = a?.username ? atHandle(a.username) : (a?.displayName ?? '');
        return <li key={t.integrationId}>{`${platformLabel(t.platform)} ${who}`.trim()}</li>;
      })}
    </ul>
  );
}

export function ReviewLinkRow(props: {
  link: ReviewLink;
  profiles: readonly Profile[];
  onRevoke: (id: string) => void;
}) {
  const l = props.link;
  const actorName = useActorName();
  const subject = useLoad(() => loadSubject(l), [l.postId, l.createdAt]);
  const s = subject.state === 'ready' ? subject.data : null;
  const name =
    l.label ??
    (l.postId
      ? s
        ? `“${excerpt(s.post.content)}”`
        : subject.state === 'error'
          ? 'A post since deleted'
          : 'A post'
      : `Upcoming posts of ${profileName(l.profileId, props.profiles)}`);
  const closed = l.status === 'active' ? closedBy(s) : null;
  const open = l.status === 'active' && closed === null;
  return (
    <tr>
      <td>{name}</td>
      <td>
        {s ? (
          <AccountsOf post={s.post} />
        ) : l.postId ? null : (
          `Accounts of ${profileName(l.profileId, props.profiles)}`
        )}
      </td>
      <td>
        {actorName(l.createdBy)}
        <span className="hint"> · {formatTime(l.createdAt)}</span>
      </td>
      <td>
        <span className={`badge badge-${open ? 'scheduled' : closed ? 'published' : 'failed'}`}>
          {closed?.startsWith('Decided') ? closed : reviewLinkStatusWords(closed ?? l.status)}
        </span>
      </td>
      <td>{open ? formatTime(l.expiresAt) : '—'}</td>
      <td>
        {open ? (
          <button type="button" className="secondary" onClick={() => props.onRevoke(l.id)}>
            Revoke<span className="visually-hidden"> link {name}</span>
          </button>
        ) : null}
      </td>
    </tr>
  );
}
