// Editing the text of a published post in place (PATCH /v1/posts/{postId}/published):
// the platforms that can edit a live post take it in the background, 1 credit each;
// the answer says per account what happens (editing, not editable there and why, refused).
import { useId, useState } from 'react';
import { api, ok, PLATFORM_LABELS, type PlatformName, type Post } from '../../api/client.ts';

export function EditPublished(props: {
  post: Post;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { post } = props;
  const [text, setText] = useState(post.content);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await ok(
        api.PATCH('/v1/posts/{postId}/published', {
          params: { path: { postId: post.postId } },
          body: { content: text },
        }),
      );
      const lines = answer.platforms
        .filter((p) => p.status !== 'skipped')
        .map(
          (p) =>
            `${PLATFORM_LABELS[p.platform as PlatformName] ?? p.platform}: ${p.status.replace('_', ' ')} — ${p.message}`,
        );
      props.onDone(`${answer.creditsCharged} credit(s) charged. ${lines.join(' ')}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="edit-published"
      aria-label="Edit the published text"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id}>New text (edited where the platform allows it, 1 credit each)</label>
      <textarea id={id} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      {error ? <p className="error-text">{error}</p> : null}
      <div className="post-actions">
        <button type="submit" disabled={busy || text === post.content}>
          Save edit
        </button>
        <button type="button" className="secondary" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
