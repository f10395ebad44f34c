// The media library (/media): the project's stored files, newest first (GET /v1/media),
// each with its thumbnail, size, type and the posts that use it; upload more, and
// delete one no unpublished post needs (DELETE /v1/media/{id}; the API says why not).
import { useState } from 'react';
import { api, ok, type Schemas } from '../../api/client.ts';
import { uploadFile } from '../../api/upload.ts';
import { navigate } from '../../router.ts';
import { formatTime, Link, Loaded, PageHeader, useLoad } from '../../ui.tsx';
import { postStatusWords } from '../wording/statuses.ts';
import { formatSize, postPage } from './format.ts';
import { handToNewPost } from './handover.ts';
import { Thumbnail } from './Thumbnail.tsx';
import './media.css';

const PAGE = 24;

export default function MediaLibrary() {
  const [offset, setOffset] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const list = useLoad(
    () => ok(api.GET('/v1/media', { params: { query: { limit: PAGE, offset } } })),
    [offset],
  );
  const upload = async (file: File) => {
    setMessage('');
    setProgress(0);
    try {
      await uploadFile(file, setProgress);
      setMessage(`Uploaded ${file.name}.`);
      if (offset === 0) list.reload();
      else setOffset(0);
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
    } finally {
      setProgress(null);
    }
  };
  return (
    <>
      <PageHeader title="Media library">
        <label className="button ml-upload">
          Upload a file
          <input
            type="file"
            className="visually-hidden"
            onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])}
          />
        </label>
      </PageHeader>
      <p className="hint">
        Files this project uploaded or made with AI. A file no post mentions is deleted by the service after
        its keeping time; one a post still to be published uses can not be deleted.
      </p>
      {progress !== null ? (
        <progress max={1} value={progress} aria-label="Upload progress">
          {Math.round(progress * 100)}%
        </progress>
      ) : null}
      <p className="action-message" role="status">
        {message}
      </p>
      <Loaded
        load={list}
        label="the media library"
        minHeight={320}
        isEmpty={(d) => d.media.length === 0}
        empty={<p>No files yet. Upload one here or in Compose, or generate an image with AI.</p>}
      >
        {(d) => (
          <>
            <p className="ml-total">
              {d.total} file{d.total === 1 ? '' : 's'}
            </p>
            <ul className="ml-grid">
              {d.media.map((f) => (
                <MediaCard key={f.id} file={f} onDeleted={list.reload} />
              ))}
            </ul>
            {d.total > PAGE ? (
              <nav className="pager" aria-label="Pages of files">
                <button
                  type="button"
                  className="secondary"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - PAGE))}
                >
                  Newer
                </button>
                <span>
                  {offset + 1}–{Math.min(offset + PAGE, d.total)} of {d.total}
                </span>
                <button
                  type="button"
                  className="secondary"
                  disabled={offset + PAGE >= d.total}
                  onClick={() => setOffset(offset + PAGE)}
                >
                  Older
                </button>
              </nav>
            ) : null}
          </>
        )}
      </Loaded>
    </>
  );
}

function MediaCard(props: { file: Schemas['MediaFile']; onDeleted: () => void }) {
  const { file } = props;
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState('');
  const titleId = `file-${file.id}`;
  const remove = async () => {
    setError('');
    try {
      await ok(api.DELETE('/v1/media/{id}', { params: { path: { id: file.id } } }));
      props.onDeleted();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setAsking(false);
    }
  };
  return (
    <li className="card ml-card" aria-labelledby={titleId}>
      <Thumbnail file={file} />
      <div className="ml-facts">
        <strong id={titleId} className="ml-name">
          {file.filename}
        </strong>
        <span>
          {file.type} · {file.mimeType} · {formatSize(file.size)}
          {file.source === 'ai' ? ' · made with AI' : ''}
        </span>
        <span>Added {formatTime(file.createdAt)}</span>
        <span data-testid="used-by">
          {file.usedBy.length === 0 ? (
            'Not used by any post'
          ) : (
            <>
              Used by {file.usedBy.length} post{file.usedBy.length === 1 ? '' : 's'}:{' '}
              {file.usedBy.map((u, i) => {
                const to = postPage(u);
                const label = `“${u.excerpt || '(no text)'}”`;
                return (
                  <span key={u.postId}>
                    {i > 0 ? ', ' : ''}
                    {to ? <Link to={to}>{label}</Link> : label} ({postStatusWords(u.status).toLowerCase()})
                  </span>
                );
              })}
            </>
          )}
        </span>
      </div>
      <div className="sub-actions">
        <button
          type="button"
          onClick={() => {
            handToNewPost([{ type: file.type, url: file.url }]);
            navigate('/compose');
          }}
        >
          Use<span className="visually-hidden"> {file.filename}</span> in a new post
        </button>
        {file.deletable ? (
          asking ? (
            <>
              <button type="button" className="danger" onClick={remove}>
                Delete {file.filename} for good
              </button>
              <button type="button" className="secondary" onClick={() => setAsking(false)}>
                Keep
              </button>
            </>
          ) : (
            <button type="button" className="secondary" onClick={() => setAsking(true)}>
              Delete<span className="visually-hidden"> {file.filename}</span>
            </button>
          )
        ) : (
          <span className="hint">In use by a post still to be published: it can not be deleted.</span>
        )}
      </div>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
