// The approver's edit of a post awaiting approval, before approving it: the post's text
// and each account's own text (left empty, the account takes the post's text). Saved
// with PUT /v1/posts/{postId}/pending, which checks it as create does and keeps the
// post waiting; a refusal (a text too long for a platform) is shown here.
import { type FormEvent, useState } from 'react';
import { api, errorMessage, ok, type Post } from '../../api/client.ts';
import { accountTitle } from '../accounts/AccountLabel.tsx';
import { useAccounts } from '../accounts/useAccounts.ts';

export function EditPending(props: { post: Post; onSaved: () => void; onCancel: () => void }) {
  const accounts = useAccounts();
  const { post } = props;
  const [content, setContent] = useState(post.content);
  const [own, setOwn] = useState<Record<string, string>>(() =>
    Object.fromEntries(post.platforms.map((t) => [t.integrationId, t.content ?? ''])),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = (what: string) => `edit-${what}-${post.postId}`;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await ok(
        api.PUT('/v1/posts/{postId}/pending', {
          params: { path: { postId: post.postId } },
          body: {
            content,
            targets: post.platforms.map((t) => ({
              accountId: t.integrationId,
              content: own[t.integrationId]?.trim() ? (own[t.integrationId] as string) : null,
            })),
          },
        }),
      );
      props.onSaved();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="edit-pending" aria-label="Edit before approving" onSubmit={save}>
      <div className="field">
        <label htmlFor={id('text')}>Text</label>
        <textarea id={id('text')} value={content} rows={4} onChange={(e) => setContent(e.target.value)} />
      </div>
      {post.platforms.map((t) => {
        const name = accountTitle(t.platform, accounts?.get(t.integrationId));
        return (
          <div className="field" key={t.integrationId}>
            <label htmlFor={id(t.integrationId)}>Own text for {name}</label>
            <textarea
              id={id(t.integrationId)}
              value={own[t.integrationId] ?? ''}
              rows={2}
              placeholder="Empty: the text above"
              onChange={(e) => setOwn({ ...own, [t.integrationId]: e.target.value })}
            />
          </div>
        );
      })}
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div className="post-actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save edit'}
        </button>
        <button type="button" className="secondary" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
