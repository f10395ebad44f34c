// Editing the text of a published post in place (PATCH /v1/posts/{postId}/published):
// the platforms that can edit a live post take it in the background, 1 credit each;
// before saving the form says which accounts will be edited and which can not be (and
// why); the answer says per account what happens, in words.
import { useId, useState } from 'react';
import { api, ok, type Post } from '../../api/client.ts';
import { accountTitle } from '../accounts/AccountLabel.tsx';
import { useAccounts } from '../accounts/useAccounts.ts';
import { plainMessage } from '../wording/messages.ts';
import { canEditLive, editAnswerWords, whyNotEditable } from './editable.ts';

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
  const accounts = useAccounts();
  const live = post.platforms.filter((t) => t.status === 'published');
  const name = (t: { platform: string; integrationId: string }) =>
    accountTitle(t.platform, accounts?.get(t.integrationId));
  const editable = live.filter((t) => canEditLive(t.platform));
  const fixed = live.filter((t) => !canEditLive(t.platform));
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
        .map((p) => {
          const who = name(p);
          if (p.status === 'editing') return `${who}: ${editAnswerWords(p.status)}.`;
          // The platform's own reason in a person's words (the API's names the API's fields).
          const why = p.status === 'not_editable' ? whyNotEditable(p.platform) : plainMessage(p.message);
          return `${who}: ${editAnswerWords(p.status)}. ${why}`;
        });
      const charged = answer.creditsCharged === 1 ? '1 credit' : `${answer.creditsCharged} credits`;
      props.onDone(`${charged} charged. ${lines.join(' ')}`);
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
      <ul className="edit-reach" aria-label="Where the edit goes">
        {editable.map((t) => (
          <li key={t.integrationId}>Edited on {name(t)} (1 credit).</li>
        ))}
        {fixed.map((t) => (
          <li key={t.integrationId}>
            Not edited on {name(t)}: {whyNotEditable(t.platform)} It keeps its text.
          </li>
        ))}
      </ul>
      {error ? <p className="error-text">{error}</p> : null}
      <div className="post-actions">
        <button type="submit" disabled={busy || text === post.content || editable.length === 0}>
          Save edit
        </button>
        <button type="button" className="secondary" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
