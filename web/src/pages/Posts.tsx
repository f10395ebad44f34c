// The post list: filters (status, platform, profile, dates) as the API's list query
// takes them, and per target what happened: status, the live post, the platform's message.
// Each card offers what its state allows: a draft is edited and scheduled in Compose, a
// scheduled post edited or cancelled (back to a draft), failed targets retried, and a
// post of a recurring series paused or ended with its series.
import { useState } from 'react';
import { api, ok, PLATFORM_LABELS, PLATFORM_NAMES, type PlatformName, type Post } from '../api/client.ts';
import { navigate } from '../router.ts';
import { formatTime, Link, Loaded, PageHeader, unsettled, useLoad, useRefresh } from '../ui.tsx';
import { NotesPanel } from './approval/NotesPanel.tsx';
import { SeriesActions } from './planning/SeriesActions.tsx';
import { EditPublished } from './posts/EditPublished.tsx';

const STATUSES = ['draft', 'pending', 'scheduled', 'publishing', 'published', 'failed', 'partial'] as const;
type Status = (typeof STATUSES)[number];
const PAGE = 20;

/** A date input's day as the ISO instant of its start (or end) in the person's time zone. */
const dayBound = (day: string, end: boolean) =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined;

export default function Posts() {
  const [status, setStatus] = useState<Status | ''>('');
  const [platform, setPlatform] = useState<PlatformName | ''>('');
  const [profileId, setProfileId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [offset, setOffset] = useState(0);
  const profiles = useLoad(
    () => ok(api.GET('/v1/profiles', { params: { query: { page: 1, limit: 100 } } })),
    [],
  );
  const posts = useLoad(
    () =>
      ok(
        api.GET('/v1/posts', {
          params: {
            query: {
              limit: PAGE,
              offset,
              ...(status ? { status } : {}),
              ...(platform ? { platform: [platform] } : {}),
              ...(profileId ? { profileId } : {}),
              ...(from ? { createdAfter: dayBound(from, false) } : {}),
              ...(to ? { createdBefore: dayBound(to, true) } : {}),
            },
          },
        }),
      ),
    [status, platform, profileId, from, to, offset],
  );
  useRefresh(
    posts.reload,
    posts.state === 'ready' &&
      (unsettled(posts.data.posts) ||
        posts.data.posts.some((p) => p.platforms.some((t) => t.edit?.status === 'editing'))),
  );
  const filtered = status || platform || profileId || from || to;
  const set =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      setOffset(0);
    };
  return (
    <>
      <PageHeader title="Posts">
        <Link to="/compose" className="button">
          New post
        </Link>
      </PageHeader>
      <form className="filters" aria-label="Filter posts" onSubmit={(e) => e.preventDefault()}>
        <label>
          Status
          <select value={status} onChange={(e) => set(setStatus)(e.target.value as Status | '')}>
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'pending' ? 'pending (awaiting approval)' : s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Platform
          <select value={platform} onChange={(e) => set(setPlatform)(e.target.value as PlatformName | '')}>
            <option value="">Any</option>
            {PLATFORM_NAMES.map((p) => (
              <option key={p} value={p}>
                {PLATFORM_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Profile
          <select value={profileId} onChange={(e) => set(setProfileId)(e.target.value)}>
            <option value="">Any</option>
            <option value="null">No profile</option>
            {profiles.state === 'ready'
              ? profiles.data.profiles.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))
              : null}
          </select>
        </label>
        <label>
          Created from
          <input type="date" value={from} onChange={(e) => set(setFrom)(e.target.value)} />
        </label>
        <label>
          Created to
          <input type="date" value={to} onChange={(e) => set(setTo)(e.target.value)} />
        </label>
      </form>
      <Loaded
        load={posts}
        label="posts"
        minHeight={320}
        isEmpty={(d) => d.posts.length === 0}
        empty={
          filtered ? (
            <p>No post matches these filters.</p>
          ) : (
            <p>
              No posts yet. <Link to="/compose">Compose your first post</Link>.
            </p>
          )
        }
      >
        {(d) => (
          <>
            <ul className="post-list">
              {d.posts.map((p) => (
                <PostCard key={p.postId} post={p} onChange={posts.reload} />
              ))}
            </ul>
            <nav className="pager" aria-label="Pages of posts">
              <button
                type="button"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE))}
              >
                Previous
              </button>
              <span>
                {offset + 1}–{offset + d.posts.length} of {d.total}
              </span>
              <button
                type="button"
                disabled={offset + PAGE >= d.total}
                onClick={() => setOffset(offset + PAGE)}
              >
                Next
              </button>
            </nav>
          </>
        )}
      </Loaded>
    </>
  );
}

export function StatusBadge(props: { status: string }) {
  return <span className={`badge badge-${props.status}`}>{props.status}</span>;
}

export function PostCard(props: { post: Post; onChange: () => void }) {
  const { post } = props;
  const [message, setMessage] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [showNotes, setShowNotes] = useState(false);
  /** Runs an action; the message is what it answered in words (when it says more than `done`), or `done`. */
  const act = async (what: () => Promise<unknown>, done: string) => {
    setMessage(null);
    try {
      const said = await what();
      setMessage(typeof said === 'string' && said ? said : done);
      props.onChange();
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
    }
  };
  const failed = post.platforms.filter((t) => t.status === 'failed');
  // Retrying publishes failed targets again, each on its own: the answer says per account what happened.
  const retry = async (integrationIds?: string[]) => {
    const res = await ok(
      api.POST('/v1/posts/{postId}/retry', {
        params: { path: { postId: post.postId } },
        body: integrationIds ? { integrationIds } : {},
      }),
    );
    const notes = res.platforms
      .map((p) => {
        const who = PLATFORM_LABELS[p.platform as PlatformName] ?? p.platform;
        if (!p.retried) return `${who}: not retried. ${p.message ?? ''}`.trim();
        return `${who}: ${p.status === 'published' ? 'published' : p.status === 'failed' ? `failed again. ${p.message ?? ''}` : 'retrying…'}`.trim();
      })
      .join(' ');
    return notes;
  };
  const titleId = `post-${post.postId}`;
  return (
    <li className="card post" aria-labelledby={titleId}>
      <div className="post-head">
        <StatusBadge status={post.status} />
        {post.seriesId ? (
          <span className="badge badge-series">
            <span aria-hidden="true">↻ </span>Series
          </span>
        ) : null}
        <span className="when">
          {post.status === 'draft'
            ? `Draft, saved ${formatTime(post.updatedAt)}`
            : post.scheduledFor
              ? `Scheduled for ${formatTime(post.scheduledFor)}`
              : `Created ${formatTime(post.createdAt)}`}
        </span>
      </div>
      <p className="post-content" id={titleId}>
        {post.content || <em>(no text)</em>}
      </p>
      <table className="targets">
        <caption className="visually-hidden">Outcome per account</caption>
        <thead>
          <tr>
            <th scope="col">Platform</th>
            <th scope="col">Status</th>
            <th scope="col">Result</th>
            {failed.length > 0 ? <th scope="col">Action</th> : null}
          </tr>
        </thead>
        <tbody>
          {post.platforms.map((t, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a post's targets keep their order; the position is their identity.
            <tr key={`${t.platform}-${i}`}>
              <td>{PLATFORM_LABELS[t.platform as PlatformName] ?? t.platform}</td>
              <td>
                <StatusBadge status={t.status} />
              </td>
              <td>
                {t.platformPostUrl ? (
                  <a href={t.platformPostUrl} target="_blank" rel="noreferrer">
                    View live post<span className="visually-hidden"> on {t.platform}</span>
                  </a>
                ) : null}
                {t.errorMessage ? <span className="error-text">{t.errorMessage}</span> : null}
                {t.edit ? (
                  <span className={`edit-status edit-${t.edit.status}`}>Edit: {t.edit.status}</span>
                ) : null}
                {t.warningMessage ? <span className="warning-text">{t.warningMessage}</span> : null}
              </td>
              {failed.length > 0 ? (
                <td>
                  {t.status === 'failed' ? (
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => act(() => retry([t.integrationId]), 'Retried.')}
                    >
                      Retry
                      <span className="visually-hidden">
                        {' '}
                        {PLATFORM_LABELS[t.platform as PlatformName] ?? t.platform}
                      </span>
                    </button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {post.seriesId ? <SeriesActions seriesId={post.seriesId} onChange={props.onChange} /> : null}
      {editing ? (
        <EditPublished
          post={post}
          onCancel={() => setEditing(false)}
          onDone={(done) => {
            setEditing(false);
            setMessage(done);
            props.onChange();
          }}
        />
      ) : null}
      {showNotes ? <NotesPanel postId={post.postId} /> : null}
      <div className="post-actions">
        <button
          type="button"
          className="secondary"
          aria-expanded={showNotes}
          onClick={() => setShowNotes(!showNotes)}
        >
          Notes
        </button>
        {(post.status === 'published' || post.status === 'partial') && !editing ? (
          <button type="button" onClick={() => setEditing(true)}>
            Edit text
          </button>
        ) : null}
        {post.status === 'draft' ? (
          <button type="button" onClick={() => navigate(`/compose?draft=${encodeURIComponent(post.postId)}`)}>
            Edit and schedule
          </button>
        ) : null}
        {post.status === 'scheduled' ? (
          <>
            <button
              type="button"
              onClick={() => navigate(`/compose?edit=${encodeURIComponent(post.postId)}`)}
            >
              Edit
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() =>
                act(
                  () =>
                    ok(
                      api.DELETE('/v1/posts/scheduled/{postId}', {
                        params: { path: { postId: post.postId } },
                      }),
                    ),
                  'Cancelled: the post is a draft now.',
                )
              }
            >
              Cancel schedule
            </button>
          </>
        ) : null}
        {failed.length > 0 ? (
          <button type="button" onClick={() => act(() => retry(), 'Retried.')}>
            Retry all failed ({failed.length})
          </button>
        ) : null}
        <button
          type="button"
          className="danger"
          onClick={() => {
            if (confirm('Delete this post? It stays on the platforms.'))
              act(
                () =>
                  ok(
                    api.DELETE('/v1/posts/{postId}', {
                      params: { path: { postId: post.postId }, query: { deleteFromPlatforms: false } },
                    }),
                  ),
                'Deleted.',
              );
          }}
        >
          Delete
        </button>
      </div>
      <p className="action-message" role="status">
        {message}
      </p>
    </li>
  );
}
