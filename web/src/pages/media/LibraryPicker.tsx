// "Choose from the library" in Compose: the project's stored files, newest first, to
// put one in the post again without uploading it again.
import { useState } from 'react';
import { api, ok } from '../../api/client.ts';
import { Loaded, useLoad } from '../../ui.tsx';
import { formatSize } from './format.ts';
import type { MediaRow } from './Media.tsx';
import { Thumbnail } from './Thumbnail.tsx';
import './media.css';

const PAGE = 12;

function Choices(props: { chosen: readonly string[]; onPick: (m: MediaRow) => void }) {
  const [offset, setOffset] = useState(0);
  const list = useLoad(
    () => ok(api.GET('/v1/media', { params: { query: { limit: PAGE, offset } } })),
    [offset],
  );
  return (
    <Loaded
      load={list}
      label="the media library"
      minHeight={120}
      isEmpty={(d) => d.media.length === 0}
      empty={<p>The library is empty: upload a file first.</p>}
    >
      {(d) => (
        <>
          <ul className="ml-picker">
            {d.media.map((f) => {
              const used = props.chosen.includes(f.url);
              return (
                <li key={f.id}>
                  <Thumbnail file={f} />
                  <span className="ml-name">{f.filename}</span>
                  <span className="hint">{formatSize(f.size)}</span>
                  <button
                    type="button"
                    className="secondary"
                    disabled={used}
                    onClick={() => props.onPick({ type: f.type, url: f.url })}
                  >
                    {used ? 'In the post' : 'Use'}
                    <span className="visually-hidden"> {f.filename}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          {d.total > offset + PAGE ? (
            <button type="button" className="secondary" onClick={() => setOffset(offset + PAGE)}>
              Older files
            </button>
          ) : null}
        </>
      )}
    </Loaded>
  );
}

export function LibraryPicker(props: { media: readonly MediaRow[]; onPick: (m: MediaRow) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="ml-choose">
      <button type="button" className="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        Choose from the library
      </button>
      {open ? <Choices chosen={props.media.map((m) => m.url)} onPick={props.onPick} /> : null}
    </div>
  );
}
