// The public page of a client review link (/review/{token}): no sign-in, the token in the
// address is the credential. Each post as it will appear on each account, its time in
// the reader's own time zone (named beside it, with the post's own zone when it differs);
// the reviewer approves or requests changes with their name. Once the post is decided
// (here, by another reviewer or by the team) or has gone out, the form gives way to what
// was decided.
import { useState } from 'react';
import { api, errorMessage, ok, PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';
import { browserZone, formatTime, Loaded, useLoad } from '../../ui.tsx';
import { postStatusWords } from '../wording/statuses.ts';

type View = Awaited<ReturnType<typeof loadView>>;
type ReviewPost = View['posts'][number];

const loadView = (token: string) => ok(api.GET('/v1/review/{token}', { params: { path: { token } } }));

/** An instant in the reader's zone, the zone named: "5 Dec 2026, 10:00 (Europe/Paris)". */
const inReaderZone = (iso: string) => `${formatTime(iso, browserZone)} (${browserZone})`;

/** When the post goes out, in the reader's zone, and in the post's own zone when that differs. */
export function goesOut(post: { scheduledFor: string | null; timezone: string }): string | null {
  if (!post.scheduledFor) return null;
  const own =
    post.timezone !== browserZone
      ? `; ${formatTime(post.scheduledFor, post.timezone)} in ${post.timezone}, the post’s time zone`
      : '';
  return `${inReaderZone(post.scheduledFor)}${own}`;
}

const GONE_OUT = new Set(['publishing', 'published', 'partial', 'failed']);

/** What was decided, in words, once the post no longer takes answers; null while it does. */
function decidedWords(post: ReviewPost): string | null {
  if (GONE_OUT.has(post.status))
    return `This post has gone out (${postStatusWords(post.status)}): nothing is left to decide.`;
  if (!post.outcome) return null;
  if (post.outcome.decision === 'changes_requested')
    return `Changes requested on ${inReaderZone(post.outcome.at)}: the post went back to the team.`;
  const at = goesOut(post);
  return post.status === 'scheduled' && at
    ? `Approved: scheduled for ${at}.`
    : `Approved on ${inReaderZone(post.outcome.at)}.`;
}

function Preview(props: { post: ReviewPost }) {
  const { post } = props;
  return (
    <ul className="previews">
      {post.platforms.map((t, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a post's accounts keep their order.
        <li key={i} className="preview">
          <div className="preview-account">
            <strong>{PLATFORM_LABELS[t.platform as PlatformName] ?? t.platform}</strong>
            {t.accountName ? ` · ${t.accountName}` : ''}
            {t.accountHandle ? (
              <span className="handle">
                {' '}
                {t.accountHandle.startsWith('@') ? t.accountHandle : `@${t.accountHandle}`}
              </span>
            ) : null}
          </div>
          <p className="preview-text">{t.content}</p>
          {post.mediaItems.length > 0 ? (
            <div className="preview-media">
              {post.mediaItems.map((m) =>
                m.type === 'image' ? (
                  <img key={m.url} src={m.url} alt="Attached to the post" loading="lazy" />
                ) : (
                  <a key={m.url} href={m.url} target="_blank" rel="noreferrer">
                    Video of the post
                  </a>
                ),
              )}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Decide(props: { token: string; post: ReviewPost; canApprove: boolean; onDone: () => void }) {
  const { post } = props;
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [decided, setDecided] = useState(false);
  const send = async (decision: 'approve' | 'request_changes') => {
    setMessage(null);
    try {
      const res = await ok(
        api.POST('/v1/review/{token}/decisions', {
          params: { path: { token: props.token } },
          body: { postId: post.postId, decision, name, ...(comment.trim() ? { comment } : {}) },
        }),
      );
      // In the reviewer's own words and time zone (the API's message gives the instant in UTC).
      const at = goesOut(post);
      setMessage(
        !res.moved
          ? 'Thank you: your answer is recorded for the team.'
          : decision === 'request_changes'
            ? 'Thank you: the post goes back to the team with your comment.'
            : res.status === 'scheduled' && at
              ? `Approved: it goes out ${at}.`
              : 'Approved: it is being published now.',
      );
      setComment('');
      setDecided(true);
      props.onDone();
    } catch (err) {
      setMessage(errorMessage(err));
    }
  };
  const id = (what: string) => `${what}-${post.postId}`;
  // Once answered here, or decided elsewhere, the form gives way to what was decided.
  const outcome = decidedWords(post);
  if (decided || outcome)
    return (
      <p className="decided" role="status">
        {(decided ? message : null) ?? outcome}
      </p>
    );
  return (
    <form className="decide" aria-label="Your answer" onSubmit={(e) => e.preventDefault()}>
      <div className="field">
        <label htmlFor={id('name')}>Your name</label>
        <input
          id={id('name')}
          value={name}
          maxLength={100}
          autoComplete="name"
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={id('comment')}>Comment (required to request changes)</label>
        <textarea
          id={id('comment')}
          value={comment}
          rows={3}
          maxLength={2000}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      <div className="post-actions">
        <button type="button" disabled={!name.trim()} onClick={() => send('approve')}>
          Approve
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!name.trim() || !comment.trim()}
          onClick={() => send('request_changes')}
        >
          Request changes
        </button>
      </div>
      {message ? <p role="status">{message}</p> : null}
    </form>
  );
}

export default function ReviewPage(props: { token: string }) {
  const view = useLoad(() => loadView(props.token), [props.token]);
  return (
    <div className="review-page">
      <header className="topbar">
        <span className="brand">Social Publishing · Review</span>
      </header>
      <main id="main">
        <h1>{view.state === 'ready' && view.data.label ? view.data.label : 'Posts for your review'}</h1>
        <Loaded
          load={view}
          label="this review"
          minHeight={200}
          isEmpty={(d) => d.posts.length === 0}
          empty={<p>There are no upcoming posts to review here right now.</p>}
        >
          {(d) => (
            <>
              <p className="hint">
                Times are shown in your time zone ({browserZone}). This link works until{' '}
                {inReaderZone(d.expiresAt)}.
              </p>
              <ul className="post-list">
                {d.posts.map((p) => (
                  <li key={p.postId} className="card post" aria-labelledby={`when-${p.postId}`}>
                    <h2 id={`when-${p.postId}`} className="review-when">
                      {p.scheduledFor ? `Goes out ${goesOut(p)}` : 'Goes out once approved'}
                      <span className="badge badge-pending">{postStatusWords(p.status)}</span>
                    </h2>
                    <Preview post={p} />
                    {p.decisions.length > 0 ? (
                      <ul className="decisions" aria-label="Answers so far">
                        {p.decisions.map((x) => (
                          <li key={x.at}>
                            {x.name} {x.decision === 'approve' ? 'approved' : 'asked for changes'} on{' '}
                            {inReaderZone(x.at)}
                            {x.comment ? `: “${x.comment}”` : ''}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    <Decide token={props.token} post={p} canApprove={d.canApprove} onDone={view.reload} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </Loaded>
      </main>
    </div>
  );
}
