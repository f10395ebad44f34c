// One post: its text, and per target the account it went to (picture, name, handle,
// sandbox), its status and what happened, in the manager's words. The card offers the
// actions its state allows: a draft is edited and scheduled (in Compose), queued or deleted; a scheduled
// post edited, rescheduled or cancelled (after a confirmation); failed targets retried;
// a published post viewed, edited where the platform allows it, or deleted.
import { useState } from 'react';
import { api, ok, type Post } from '../../api/client.ts';
import { navigate } from '../../router.ts';
import { formatTime } from '../../ui.tsx';
import { AccountLabel, accountTitle, platformLabel } from '../accounts/AccountLabel.tsx';
import { useAccounts } from '../accounts/useAccounts.ts';
import { NotesPanel } from '../approval/NotesPanel.tsx';
import { PostLinks } from '../inbox/PostLinks.tsx';
import { SeriesActions } from '../planning/SeriesActions.tsx';
import { useCaller } from '../teams/permissions.tsx';
import { plainMessage } from '../wording/messages.ts';
import { editStatusWords, postStatusWords, targetBadge, targetStatusWords } from '../wording/statuses.ts';
import { EditPublished } from './EditPublished.tsx';
import { Reschedule } from './Reschedule.tsx';

/** A post's status, or one of its accounts' (with the post's status, so a pending post's targets await approval too). */
export function StatusBadge(props: { status: string; postStatus?: string }) {
  return (
    <span className={`badge badge-${targetBadge(props.status, props.postStatus)}`}>
      {props.postStatus ? targetStatusWords(props.status, props.postStatus) : postStatusWords(props.status)}
    </span>
  );
}

export function PostCard(props: { post: Post; onChange: () => void }) {
  const { post } = props;
  const accounts = useAccounts();
  const [message, setMessage] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [showNotes, setShowNotes] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  /** Runs an action; the message is what it answered in words (when it says more than `done`), or `done`. */
  const act = async (what: () => Promise<unknown>, done: string) => {
    setMessage(null);
    try {
      const said = await what();
      setMessage(typeof said === 'string' && said ? said : done);
      props.onChange();
    } catch (err) {
      setMessage(plainMessage(err instanceof Error ? err.message : String(err)));
    }
  };
  const title = (t: { platform: string; integrationId: string }) =>
    accountTitle(t.platform, accounts?.get(t.integrationId));
  const failed = post.platforms.filter((t) => t.status === 'failed');
  // Retrying publishes failed targets again, each on its own: the answer says per account what happened.
  const retry = async (integrationIds?: string[]) => {
    const res = await ok(
      api.POST('/v1/posts/{postId}/retry', {
        params: { path: { postId: post.postId } },
        body: integrationIds ? { integrationIds } : {},
      }),
    );
    return res.platforms
      .map((p) => {
        const who = title(p);
        const account = accounts?.get(p.integrationId);
        if (!p.retried)
          return account && account.authStatus !== 'active'
            ? `Reconnect ${who} on the Accounts page, then retry.`
            : `${who}: not retried. ${plainMessage(p.message ?? '')}`.trim();
        if (p.status === 'published') return `${who}: published.`;
        if (p.status === 'failed') return `${who}: failed again. ${plainMessage(p.message ?? '')}`.trim();
        return `${who}: retrying…`;
      })
      .join(' ');
  };
  const remove = () => {
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
  };
  const cancelSchedule = () => {
    if (!confirm('Cancel this scheduled post? It goes back to your drafts and is not published.')) return;
    act(
      () => ok(api.DELETE('/v1/posts/scheduled/{postId}', { params: { path: { postId: post.postId } } })),
      'Cancelled: the post is a draft now.',
    );
  };
  const queueDraft = () =>
    act(async () => {
      const answer = await ok(
        api.POST('/v1/posts/{postId}/schedule', {
          params: { path: { postId: post.postId } },
          body: { queue: true },
        }),
      );
      const at = (answer as { scheduledFor?: string | null }).scheduledFor;
      return at ? `Queued for ${formatTime(at)}.` : 'Queued.';
    }, 'Queued.');
  const titleId = `post-${post.postId}`;
  // Only what the caller's role allows is offered (the API's 403 stays the backstop).
  const { can } = useCaller();
  const mayRetry = can('post', '/v1/posts/{postId}/retry');
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
            : post.status === 'pending'
              ? post.scheduledFor
                ? `Goes out ${formatTime(post.scheduledFor)} once approved`
                : 'Goes out once approved'
              : post.scheduledFor
                ? `Scheduled for ${formatTime(post.scheduledFor)}`
                : `Created ${formatTime(post.createdAt)}`}
        </span>
      </div>
      <p className="post-content" id={titleId}>
        {post.content || <em>(no text)</em>}
      </p>
      <div className="scroll-x">
        <table className="targets">
          <caption className="visually-hidden">Outcome per account</caption>
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col">Status</th>
              <th scope="col">Result</th>
              {failed.length > 0 && mayRetry ? <th scope="col">Action</th> : null}
            </tr>
          </thead>
          <tbody>
            {post.platforms.map((t, i) => {
              const account = accounts?.get(t.integrationId);
              const sandbox = t.sandbox ?? account?.sandbox ?? false;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a post's targets keep their order; the position is their identity.
                <tr key={`${t.platform}-${i}`}>
                  <td>
                    <AccountLabel
                      platform={t.platform}
                      account={account}
                      accountId={t.integrationId}
                      sandbox={sandbox}
                    />
                  </td>
                  <td>
                    <StatusBadge status={t.status} postStatus={post.status} />
                  </td>
                  <td>
                    {t.platformPostUrl ? (
                      <a href={t.platformPostUrl} target="_blank" rel="noreferrer">
                        {sandbox ? 'View simulated post' : 'View live post'}
                        <span className="visually-hidden">
                          {' '}
                          on {title(t)}
                          {sandbox ? ' (sandbox simulator, not the real platform)' : ''}
                        </span>
                      </a>
                    ) : null}
                    {t.content !== null && t.content !== post.content ? (
                      <span className="target-text">Text here: {t.content}</span>
                    ) : null}
                    {t.errorMessage ? (
                      <span className="error-text">{plainMessage(t.errorMessage)}</span>
                    ) : null}
                    {t.edit ? (
                      <span className={`edit-status edit-${t.edit.status}`}>
                        {editStatusWords(t.edit.status)}
                      </span>
                    ) : null}
                    {t.warningMessage ? (
                      <span className="warning-text">{plainMessage(t.warningMessage)}</span>
                    ) : null}
                  </td>
                  {failed.length > 0 && mayRetry ? (
                    <td>
                      {t.status === 'failed' ? (
                        <button
                          type="button"
                          className="secondary"
                          onClick={() => act(() => retry([t.integrationId]), 'Retried.')}
                        >
                          Retry
                          <span className="visually-hidden"> {platformLabel(t.platform)}</span>
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
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
      {rescheduling && post.scheduledFor ? (
        <Reschedule
          postId={post.postId}
          scheduledFor={post.scheduledFor}
          timezone={post.timezone}
          onCancel={() => setRescheduling(false)}
          onDone={(done) => {
            setRescheduling(false);
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
        {post.status === 'draft' ? (
          <>
            <button
              type="button"
              onClick={() => navigate(`/compose?draft=${encodeURIComponent(post.postId)}`)}
            >
              Edit and schedule
            </button>
            <button type="button" className="secondary" onClick={queueDraft}>
              Add to queue
            </button>
          </>
        ) : null}
        {post.status === 'scheduled' ? (
          <>
            <button
              type="button"
              onClick={() => navigate(`/compose?edit=${encodeURIComponent(post.postId)}`)}
            >
              Edit
            </button>
            {!rescheduling && can('patch', '/v1/posts/scheduled/{postId}') ? (
              <button type="button" className="secondary" onClick={() => setRescheduling(true)}>
                Reschedule
              </button>
            ) : null}
            {can('delete', '/v1/posts/scheduled/{postId}') ? (
              <button type="button" className="secondary" onClick={cancelSchedule}>
                Cancel schedule
              </button>
            ) : null}
          </>
        ) : null}
        <PostLinks post={post} />
        {(post.status === 'published' || post.status === 'partial') &&
        !editing &&
        can('patch', '/v1/posts/{postId}/published') ? (
          <button type="button" onClick={() => setEditing(true)}>
            Edit text
          </button>
        ) : null}
        {failed.length > 0 && mayRetry ? (
          <button type="button" onClick={() => act(() => retry(), 'Retried.')}>
            Retry all failed ({failed.length})
          </button>
        ) : null}
        {can('delete', '/v1/posts/{postId}') ? (
          <button type="button" className="danger" onClick={remove}>
            Delete
          </button>
        ) : null}
      </div>
      <p className="action-message" role="status">
        {message}
      </p>
    </li>
  );
}
