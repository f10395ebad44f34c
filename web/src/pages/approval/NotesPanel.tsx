// Notes on a post: the team's discussion and the post's approval history in one list,
// oldest first. Notes are internal: never published and never shown on review links.
import { useState } from 'react';
import { api, errorMessage, ok } from '../../api/client.ts';
import { formatTime, Loaded, useLoad } from '../../ui.tsx';

const KIND_LABELS: Record<string, string> = {
  note: 'Note',
  submitted: 'Sent for approval',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  review_approved: 'Approved by reviewer',
  review_changes_requested: 'Changes requested by reviewer',
};

export function NotesPanel(props: { postId: string }) {
  const { postId } = props;
  const notes = useLoad(
    () => ok(api.GET('/v1/posts/{postId}/notes', { params: { path: { postId } } })),
    [postId],
  );
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const fieldId = `note-${postId}`;
  const add = async () => {
    setMessage(null);
    try {
      await ok(api.POST('/v1/posts/{postId}/notes', { params: { path: { postId } }, body: { text } }));
      setText('');
      notes.reload();
    } catch (err) {
      setMessage(errorMessage(err));
    }
  };
  const remove = async (noteId: string) => {
    setMessage(null);
    try {
      await ok(api.DELETE('/v1/posts/{postId}/notes/{noteId}', { params: { path: { postId, noteId } } }));
      notes.reload();
    } catch (err) {
      setMessage(errorMessage(err));
    }
  };
  return (
    <section className="notes-panel" aria-label="Notes and approval history">
      <h3>Notes</h3>
      <Loaded
        load={notes}
        label="notes"
        minHeight={40}
        isEmpty={(d) => d.notes.length === 0}
        empty={<p className="hint">No notes yet.</p>}
      >
        {(d) => (
          <ol className="notes">
            {d.notes.map((n) => (
              <li key={n.id} className={`note note-${n.kind}`}>
                <div className="note-head">
                  <strong>{KIND_LABELS[n.kind] ?? n.kind}</strong> · {n.author}
                  {n.reviewLinkId ? ' (review link)' : ''} ·{' '}
                  <time dateTime={n.createdAt}>{formatTime(n.createdAt)}</time>
                </div>
                {n.text ? <p className="note-text">{n.text}</p> : null}
                {n.kind === 'note' ? (
                  <button type="button" className="secondary small" onClick={() => remove(n.id)}>
                    Delete<span className="visually-hidden"> note of {formatTime(n.createdAt)}</span>
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </Loaded>
      <form
        className="note-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) void add();
        }}
      >
        <label htmlFor={fieldId}>Add a note for the team</label>
        <textarea
          id={fieldId}
          value={text}
          maxLength={2000}
          rows={2}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" disabled={!text.trim()}>
          Add note
        </button>
      </form>
      {message ? (
        <p role="status" className="error-text">
          {message}
        </p>
      ) : null}
    </section>
  );
}
