// A post awaiting approval as each of its accounts will show it: the account by its
// platform, name and handle (never its id), the text that account gets (its own, else
// the post's), and the media attached, so the approver sees what they approve.
import type { Post } from '../../api/client.ts';
import { AccountLabel } from '../accounts/AccountLabel.tsx';
import { useAccounts } from '../accounts/useAccounts.ts';

export function PendingPreview(props: { post: Post }) {
  const accounts = useAccounts();
  const { post } = props;
  return (
    <ul className="previews approval-previews" aria-label="Previews">
      {post.platforms.map((t) => (
        <li key={t.integrationId} className="preview">
          <div className="preview-account">
            <AccountLabel platform={t.platform} account={accounts?.get(t.integrationId)} />
            {t.content !== null ? <span className="hint"> · its own text</span> : null}
          </div>
          <p className="preview-text">{t.content ?? (post.content || '(no text)')}</p>
          {post.mediaItems.length > 0 ? (
            <ul className="preview-media" aria-label="Media">
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
        </li>
      ))}
    </ul>
  );
}
