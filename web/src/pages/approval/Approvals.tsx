// Approvals: posts awaiting approval, oldest first. An editor approves one (it is then
// charged and scheduled, or published now when its time has come) or requests changes
// with a note (it goes back to its author as a draft). Each post can be shared with a
// client for review, and its notes read and added to.
import { useState } from 'react';
import { api, errorMessage, ok } from '../../api/client.ts';
import { formatTime, Loaded, PageHeader, useLoad } from '../../ui.tsx';
import { accountTitle } from '../accounts/AccountLabel.tsx';
import { useAccounts } from '../accounts/useAccounts.ts';
import { loadProfiles } from '../planning/queues.ts';
import { ApprovalSettingsPanel } from './ApprovalSettings.tsx';
import { NotesPanel } from './NotesPanel.tsx';
import { ReviewLinkList, ShareForReview } from './ReviewLinks.tsx';

type Awaiting = NonNullable<Awaited<ReturnType<typeof loadQueue>>>['posts'][number];

const loadQueue = () => ok(api.GET('/v1/approvals', { params: { query: { limit: 50, offset: 0 } } }));

function asked(p: Awaiting): string {
  if (p.approval.queue) return 'Next free queue slot';
  if (p.approval.publishNow) return 'Now, once approved';
  return formatTime(p.scheduledFor);
}

const short = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text || '(no text)');

function AwaitingCard(props: {
  post: Awaiting;
  onChange: () => void;
  onShared: () => void;
  onDecided: (message: string) => void;
}) {
  const accounts = useAccounts();
  const { post } = props;
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [showNotes, setShowNotes] = useState(false);
  const titleId = `awaiting-${post.postId}`;
  const noteId = `reject-note-${post.postId}`;
  const run = async (what: () => Promise<{ message: string }>) => {
    setMessage(null);
    try {
      props.onDecided((await what()).message);
      props.onChange();
    } catch (err) {
      setMessage(errorMessage(err));
    }
  };
  // The outcome in words and local time, said by the page (the card leaves the list).
  const approve = () =>
    run(async () => {
      const a = await ok(
        api.POST('/v1/posts/{postId}/approve', {
          params: { path: { postId: post.postId } },
          body: {},
          headers: { 'Idempotency-Key': `approve-${post.postId}` },
        }),
      );
      const what = `“${short(post.content)}”`;
      return {
        message:
          a.result === 'scheduled' && a.scheduledFor
            ? `Approved ${what}: scheduled for ${formatTime(a.scheduledFor)}.`
            : `Approved ${what}: it is being published now.`,
      };
    });
  const reject = () =>
    run(async () => {
      await ok(
        api.POST('/v1/posts/{postId}/reject', { params: { path: { postId: post.postId } }, body: { note } }),
      );
      return { message: `Sent “${short(post.content)}” back to its author as a draft, with your note.` };
    });
  return (
    <li className="card post" aria-labelledby={titleId}>
      <div className="post-head">
        <span className="badge badge-pending">awaiting approval</span>
        <span className="when">
          Asked by {post.approval.requestedBy} on {formatTime(post.approval.requestedAt)} · Goes out:{' '}
          {asked(post)}
        </span>
      </div>
      <p className="post-content" id={titleId}>
        {post.content || <em>(no text)</em>}
      </p>
      <ul className="target-names" aria-label="Accounts">
        {post.platforms.map((t) => (
          <li key={t.integrationId}>{accountTitle(t.platform, accounts?.get(t.integrationId))}</li>
        ))}
      </ul>
      {post.mediaItems.length > 0 ? (
        <ul className="approval-media" aria-label="Media">
          {post.mediaItems.map((m) => (
            <li key={m.url}>
              {m.type === 'image' || m.type === 'gif' ? (
                <img src={m.url} alt="Attached to the post" loading="lazy" width={96} height={96} />
              ) : (
                <a href={m.url} target="_blank" rel="noreferrer">
                  {m.type === 'video' ? 'Video' : 'File'} of the post
                </a>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {rejecting ? (
        <form
          className="reject-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (note.trim()) void reject();
          }}
        >
          <label htmlFor={noteId}>What should change?</label>
          <textarea
            id={noteId}
            value={note}
            rows={3}
            maxLength={2000}
            onChange={(e) => setNote(e.target.value)}
          />
          <div className="post-actions">
            <button type="submit" disabled={!note.trim()}>
              Send back as draft
            </button>
            <button type="button" className="secondary" onClick={() => setRejecting(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="post-actions">
          <button type="button" onClick={approve}>
            Approve
          </button>
          <button type="button" className="secondary" onClick={() => setRejecting(true)}>
            Request changes
          </button>
          <button
            type="button"
            className="secondary"
            aria-expanded={showNotes}
            onClick={() => setShowNotes(!showNotes)}
          >
            Notes
          </button>
        </div>
      )}
      <ShareForReview postId={post.postId} onCreated={props.onShared} />
      {showNotes ? <NotesPanel postId={post.postId} /> : null}
      {message ? <p role="status">{message}</p> : null}
    </li>
  );
}

export default function Approvals() {
  const queue = useLoad(loadQueue, []);
  const profiles = useLoad(loadProfiles, []);
  const [decided, setDecided] = useState<string | null>(null);
  const [linksVersion, setLinksVersion] = useState(0);
  return (
    <>
      <PageHeader title="Approvals" />
      <p className="hint">
        Posts wait here as the approval setting (below) says. Nothing is charged or published until they are
        approved.
      </p>
      <p className="notice-slot" role="status">
        {decided}
      </p>
      <Loaded
        load={queue}
        label="posts awaiting approval"
        minHeight={160}
        isEmpty={(d) => d.posts.length === 0}
        empty={<p>No posts are awaiting approval.</p>}
      >
        {(d) => (
          <ul className="post-list">
            {d.posts.map((p) => (
              <AwaitingCard
                key={p.postId}
                post={p}
                onChange={queue.reload}
                onDecided={setDecided}
                onShared={() => setLinksVersion((v) => v + 1)}
              />
            ))}
          </ul>
        )}
      </Loaded>
      <ReviewLinkList version={linksVersion} />
      <ApprovalSettingsPanel profiles={profiles.state === 'ready' ? profiles.data : []} />
    </>
  );
}
