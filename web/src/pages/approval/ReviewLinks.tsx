// Client review links: share one post (or a profile's upcoming posts) with someone who
// has no account. The link's address is shown once, right after it is made.
import { useState } from 'react';
import { api, errorMessage, ok } from '../../api/client.ts';
import { formatTime, Loaded, useLoad } from '../../ui.tsx';
import { loadProfiles } from '../planning/queues.ts';
import { loadLinks, ReviewLinkRow } from './ReviewLinkRow.tsx';

/** Makes a link for one post and shows its address to copy. */
export function ShareForReview(props: { postId: string; onCreated?: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const fieldId = `review-url-${props.postId}`;
  const create = async () => {
    setMessage(null);
    try {
      const res = await ok(api.POST('/v1/review-links', { body: { postId: props.postId } }));
      setUrl(res.url);
      setMessage(
        res.reviewLink.canApprove
          ? `Link made, valid until ${formatTime(res.reviewLink.expiresAt)}: the reviewer can approve or request changes.`
          : `Link made, valid until ${formatTime(res.reviewLink.expiresAt)}: the reviewer’s answer is recorded for the team.`,
      );
      props.onCreated?.();
    } catch (err) {
      setMessage(errorMessage(err));
    }
  };
  return (
    <div className="share-review">
      <button type="button" className="secondary" onClick={create}>
        Share for client review
      </button>
      {url ? (
        <div className="field">
          <label htmlFor={fieldId}>Review link (shown once: copy it now)</label>
          <input id={fieldId} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </div>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
    </div>
  );
}

export function ReviewLinkList(props: { version: number }) {
  const links = useLoad(loadLinks, [props.version]);
  const [message, setMessage] = useState<string | null>(null);
  const loadedProfiles = useLoad(loadProfiles, []);
  const profiles = loadedProfiles.state === 'ready' ? loadedProfiles.data : [];
  const revoke = async (id: string) => {
    setMessage(null);
    try {
      await ok(api.DELETE('/v1/review-links/{id}', { params: { path: { id } } }));
      setMessage('Revoked: the link no longer opens.');
      links.reload();
    } catch (err) {
      setMessage(errorMessage(err));
    }
  };
  return (
    <section aria-labelledby="review-links-title">
      <h2 id="review-links-title">Client review links</h2>
      <Loaded
        load={links}
        label="review links"
        minHeight={60}
        isEmpty={(d) => d.reviewLinks.length === 0}
        empty={<p className="hint">No review links yet. “Share for client review” on a post makes one.</p>}
      >
        {(d) => (
          <table className="review-links">
            <caption className="visually-hidden">Review links, newest first</caption>
            <thead>
              <tr>
                <th scope="col">For</th>
                <th scope="col">Accounts</th>
                <th scope="col">Made by, on</th>
                <th scope="col">Status</th>
                <th scope="col">Expires</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {d.reviewLinks.map((l) => (
                <ReviewLinkRow key={l.id} link={l} profiles={profiles} onRevoke={revoke} />
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      {message ? <p role="status">{message}</p> : null}
    </section>
  );
}
