// Comments on the project's published posts (Facebook Pages, Instagram, Threads):
// GET /v1/comments per post and account, newest first, each with its replies;
// reply, hide or unhide, and delete where the platform can (GET /v1/platforms says: Threads
// only hides other people's replies). Unread ones are marked until "Mark all read".
import { useState } from 'react';
import { api, errorMessage, ok, PLATFORM_LABELS, type PlatformName, type Post } from '../../api/client.ts';
import { formatTime, Loaded, useLoad } from '../../ui.tsx';
import { useBrand } from '../accounts/BrandFilter.tsx';
import { isSeen, markSeen } from './seen.ts';

type CommentPlatform = 'facebook' | 'instagram' | 'threads';
const COMMENT_PLATFORMS: CommentPlatform[] = ['facebook', 'instagram', 'threads'];
const isCommentPlatform = (p: string): p is CommentPlatform => (COMMENT_PLATFORMS as string[]).includes(p);

/** A comment as GET /v1/comments answers it. */
interface Comment {
  id: string;
  text: string;
  author: { id: string | null; name: string | null };
  timestamp: string;
  likeCount: number;
  hidden: boolean;
  replies: {
    id: string;
    text: string;
    author: { id: string | null; name: string | null };
    timestamp: string;
  }[];
}

interface Thread {
  comment: Comment;
  post: Post;
  platform: CommentPlatform;
  accountId: string;
}

interface CommentsLoad {
  threads: Thread[];
  /** Accounts whose comments could not be read, with the API's reason. */
  problems: string[];
  deletable: Set<string>;
}

/** The platforms whose comments can be deleted, as their modules say (GET /v1/platforms). */
async function deletablePlatforms(): Promise<Set<string>> {
  const { platforms } = await ok(api.GET('/v1/platforms', { params: { query: { all: true } } }));
  return new Set(platforms.filter((p) => p.comments?.delete).map((p) => p.name));
}

async function loadComments(postId: string | null, profileId: string): Promise<CommentsLoad> {
  const posts = postId
    ? [(await ok(api.GET('/v1/posts/{postId}', { params: { path: { postId } } }))).post]
    : (
        await ok(
          api.GET('/v1/posts', {
            params: {
              query: {
                limit: 10,
                offset: 0,
                platform: COMMENT_PLATFORMS,
                ...(profileId ? { profileId } : {}),
              },
            },
          }),
        )
      ).posts;
  const asks = posts.flatMap((post) =>
    post.platforms
      .filter((t) => t.status === 'published' && isCommentPlatform(t.platform))
      .map((t) => ({ post, platform: t.platform as CommentPlatform, accountId: t.integrationId })),
  );
  const threads: Thread[] = [];
  const problems: string[] = [];
  const deletable = deletablePlatforms();
  await Promise.all(
    asks.map(async (a) => {
      const res = await api.GET('/v1/comments', {
        params: { query: { platform: a.platform, accountId: a.accountId, postId: a.post.postId, limit: 25 } },
      });
      if (res.data) for (const comment of res.data.comments) threads.push({ ...a, comment });
      else problems.push(`${PLATFORM_LABELS[a.platform]}: ${errorMessage(res.error)}`);
    }),
  );
  threads.sort((x, y) => y.comment.timestamp.localeCompare(x.comment.timestamp));
  return { threads, problems, deletable: await deletable };
}

export function Comments(props: { postId: string | null }) {
  const brand = useBrand();
  const load = useLoad(() => loadComments(props.postId, brand), [props.postId, brand]);
  const [, setTick] = useState(0);
  return (
    <Loaded
      load={load}
      label="comments"
      minHeight={240}
      isEmpty={(d) => d.threads.length === 0 && d.problems.length === 0}
      empty={
        <p>
          No comments yet{props.postId ? ' on this post' : ' on the recent posts'}. Comments on posts
          published to Facebook Pages, Instagram and Threads appear here.
        </p>
      }
    >
      {(d) => {
        const unread = d.threads.filter((t) => !isSeen(t.comment.id)).length;
        return (
          <>
            <div className="inbox-bar">
              <span role="status">
                {d.threads.length} comment{d.threads.length === 1 ? '' : 's'}, {unread} unread
              </span>
              <button
                type="button"
                className="secondary"
                disabled={unread === 0}
                onClick={() => {
                  markSeen(d.threads.map((t) => ({ id: t.comment.id })));
                  setTick((n) => n + 1);
                }}
              >
                Mark all read
              </button>
              <button type="button" className="secondary" onClick={load.reload}>
                Refresh
              </button>
            </div>
            {d.problems.map((p) => (
              <p key={p} className="warning-text">
                {p}
              </p>
            ))}
            <ul className="inbox-list">
              {d.threads.map((t) => (
                <CommentItem
                  key={`${t.accountId}-${t.comment.id}`}
                  thread={t}
                  deletable={d.deletable.has(t.platform)}
                  onChange={load.reload}
                />
              ))}
            </ul>
          </>
        );
      }}
    </Loaded>
  );
}

function CommentItem(props: { thread: Thread; deletable: boolean; onChange: () => void }) {
  const { comment, post, platform, accountId } = props.thread;
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState('');
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const unread = !isSeen(comment.id);
  const act = async (call: () => Promise<unknown>, done: string) => {
    setMessage('');
    try {
      await call();
      markSeen([{ id: comment.id }]);
      setMessage(done);
      props.onChange();
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
    }
  };
  const who = comment.author.name ?? 'Someone';
  const id = `c-${comment.id}`;
  return (
    <li className={`card inbox-item${unread ? ' inbox-unread' : ''}`} aria-labelledby={id}>
      <div className="inbox-head">
        {unread ? <span className="badge badge-unread">New</span> : null}
        <span className={`platform-dot platform-${platform}`} aria-hidden="true" />
        <strong id={id}>
          {who} on {PLATFORM_LABELS[platform as PlatformName]}
        </strong>
        <span className="hint">{formatTime(comment.timestamp)}</span>
        {comment.hidden ? <span className="badge">Hidden</span> : null}
      </div>
      <p className="inbox-text">{comment.text}</p>
      <p className="hint inbox-context">
        On: {post.content.slice(0, 80) || '(no text)'}
        {post.content.length > 80 ? '…' : ''}
      </p>
      {comment.replies.length ? (
        <ul className="inbox-replies" aria-label={`Replies to ${who}`}>
          {comment.replies.map((r) => (
            <li key={r.id}>
              <strong>{r.author.name ?? 'Someone'}</strong> {r.text}{' '}
              <span className="hint">{formatTime(r.timestamp)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {replying ? (
        <form
          className="inbox-reply"
          onSubmit={(e) => {
            e.preventDefault();
            act(
              () =>
                ok(
                  api.POST('/v1/comments', {
                    body: { platform, accountId, commentId: comment.id, text: reply },
                  }),
                ),
              'Reply sent.',
            ).then(() => {
              setReply('');
              setReplying(false);
            });
          }}
        >
          <label htmlFor={`${id}-reply`}>Reply to {who}</label>
          <textarea id={`${id}-reply`} rows={2} value={reply} onChange={(e) => setReply(e.target.value)} />
          <div className="sub-actions">
            <button type="submit" disabled={!reply.trim()}>
              Send reply
            </button>
            <button type="button" className="secondary" onClick={() => setReplying(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      <div className="sub-actions">
        {replying ? null : (
          <button type="button" onClick={() => setReplying(true)}>
            Reply<span className="visually-hidden"> to {who}</span>
          </button>
        )}
        <button
          type="button"
          className="secondary"
          onClick={() =>
            act(
              () =>
                ok(
                  api.PATCH('/v1/comments/{commentId}', {
                    params: { path: { commentId: comment.id } },
                    body: { platform, accountId, hidden: !comment.hidden },
                  }),
                ),
              comment.hidden ? 'Unhidden.' : 'Hidden.',
            )
          }
        >
          {comment.hidden ? 'Unhide' : 'Hide'}
          <span className="visually-hidden"> the comment of {who}</span>
        </button>
        {!props.deletable ? null : asking ? (
          <>
            <button
              type="button"
              className="danger"
              onClick={() =>
                act(
                  () =>
                    ok(
                      api.DELETE('/v1/comments/{commentId}', {
                        params: { path: { commentId: comment.id }, query: { platform, accountId } },
                      }),
                    ),
                  'Deleted.',
                )
              }
            >
              Delete for good<span className="visually-hidden"> the comment of {who}</span>
            </button>
            <button type="button" className="secondary" onClick={() => setAsking(false)}>
              Keep
            </button>
          </>
        ) : (
          <button type="button" className="secondary" onClick={() => setAsking(true)}>
            Delete<span className="visually-hidden"> the comment of {who}</span>
          </button>
        )}
        {unread ? (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              markSeen([{ id: comment.id }]);
              props.onChange();
            }}
          >
            Mark read
          </button>
        ) : null}
      </div>
      <p className="action-message" role="status">
        {message}
      </p>
    </li>
  );
}
