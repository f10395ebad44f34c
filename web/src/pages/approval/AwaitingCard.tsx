// One post awaiting approval, as the approver needs it: who asked and when it goes
// out, a preview per account (name, handle, its text, the media), and the decisions:
// approve (the outcome is said by the page, the card leaves the list), edit the text
// first, request changes with a note, share it for client review, read its notes.
import { useState } from 'react';
import { api, errorMessage, ok } from '../../api/client.ts';
import { formatTime } from '../../ui.tsx';
import { useActorName } from './actorNames.ts';
import { EditPending } from './EditPending.tsx';
import { NotesPanel } from './NotesPanel.tsx';
import { PendingPreview } from './PendingPreview.tsx';
import { ShareForReview } from './ReviewLinks.tsx';

export const loadQueue = () => ok(api.GET('/v1/approvals', { params: { query: { limit: 50, offset: 0 } } }));

type Awaiting = NonNullable<Awaited<ReturnType<typeof loadQueue>>>['posts'][number];

function asked(p: Awaiting): string {
  if (p.approval.queue) return 'Next free queue slot';
  if (p.approval.publishNow) return 'Now, once approved';
  // In the post's own zone, named (the time the author asked for).
  return `${formatTime(p.scheduledFor, p.timezone)} (${p.timezone})`;
}

const short = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text || '(no text)');

export function AwaitingCard(props: {
  post: Awaiting;
  onChange: () => void;
  onShared: () => void;
  onDecided: (message: string) => void;
}) {
  const { post } = props;
  const actorName = useActorName();
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [showNotes, setShowNotes] = useState(false);
  const [editing, setEditing] = useState(false);
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
            ? `Approved ${what}: scheduled for ${formatTime(a.scheduledFor, post.timezone)} (${post.timezone}).`
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
          Asked by {actorName(post.approval.requestedBy)} on {formatTime(post.approval.requestedAt)} · Goes
          out: {asked(post)}
        </span>
      </div>
      <p className="post-content" id={titleId}>
        {post.content || <em>(no text)</em>}
      </p>
      <PendingPreview post={post} />
      {editing ? (
        <EditPending
          post={post}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setMessage('Edit saved: the post still awaits approval, with the new text.');
            props.onChange();
          }}
        />
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
      ) : editing ? null : (
        <div className="post-actions">
          <button type="button" onClick={approve}>
            Approve
          </button>
          <button type="button" className="secondary" onClick={() => setEditing(true)}>
            Edit before approving
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
