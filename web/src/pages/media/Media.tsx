// Media of a post: added by URL, or uploaded with a progress bar (api/upload.ts).
import { useEffect, useRef, useState } from 'react';
import { uploadFile } from '../../api/upload.ts';
import { describedBy, Field } from '../../ui.tsx';
import { takeHandedMedia } from './handover.ts';
import { LibraryPicker } from './LibraryPicker.tsx';

export interface MediaRow {
  type: 'image' | 'video' | 'gif' | 'document';
  url: string;
}

const kindOf = (mime: string, name: string): MediaRow['type'] =>
  mime === 'image/gif'
    ? 'gif'
    : mime.startsWith('image/')
      ? 'image'
      : mime.startsWith('video/')
        ? 'video'
        : /\.(pdf|docx?|pptx?)$/i.test(name)
          ? 'document'
          : 'image';

export function MediaEditor(props: {
  media: MediaRow[];
  onChange: (m: MediaRow[]) => void;
  messages: string[];
}) {
  const [url, setUrl] = useState('');
  const [type, setType] = useState<MediaRow['type']>('image');
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // Files the media library handed to this post ("Use in a new post") join it when the editor opens.
  const opened = useRef({ media: props.media, onChange: props.onChange });
  useEffect(() => {
    const { media, onChange } = opened.current;
    const handed = takeHandedMedia().filter((m) => !media.some((x) => x.url === m.url));
    if (handed.length) onChange([...media, ...handed]);
  }, []);
  const add = () => {
    // Each URL once: the list is keyed by it, and a post rarely means the same file twice.
    if (!url.trim() || props.media.some((m) => m.url === url.trim())) return;
    props.onChange([...props.media, { type, url: url.trim() }]);
    setUrl('');
  };
  const upload = async (file: File) => {
    setUploadError(null);
    setProgress(0);
    try {
      const { publicUrl } = await uploadFile(file, setProgress);
      props.onChange([...props.media, { type: kindOf(file.type, file.name), url: publicUrl }]);
    } catch (err) {
      setUploadError(err instanceof Error ? err.message : String(err));
    } finally {
      setProgress(null);
    }
  };
  const messages = [...props.messages, ...(uploadError ? [uploadError] : [])];
  return (
    <fieldset className="media">
      <legend>Media</legend>
      {props.media.length ? (
        <ul className="media-list">
          {props.media.map((m, i) => (
            <li key={m.url}>
              <span className="media-kind">{m.type}</span> <span className="media-url">{m.url}</span>{' '}
              <button
                type="button"
                className="secondary"
                onClick={() => props.onChange(props.media.filter((_, j) => j !== i))}
              >
                Remove<span className="visually-hidden"> {m.url}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="media-add">
        <Field id="media-url" label="Media URL" messages={messages}>
          <input
            id="media-url"
            type="url"
            value={url}
            placeholder="https://…"
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            {...describedBy('media-url', messages)}
          />
        </Field>
        <label>
          Kind
          <select value={type} onChange={(e) => setType(e.target.value as MediaRow['type'])}>
            <option value="image">image</option>
            <option value="video">video</option>
            <option value="gif">gif</option>
            <option value="document">document</option>
          </select>
        </label>
        <button type="button" onClick={add}>
          Add media
        </button>
      </div>
      <label className="upload">
        Or upload a file
        <input type="file" onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} />
      </label>
      <LibraryPicker
        media={props.media}
        onPick={(m) => props.media.some((x) => x.url === m.url) || props.onChange([...props.media, m])}
      />
      {progress !== null ? (
        <progress max={1} value={progress} aria-label="Upload progress">
          {Math.round(progress * 100)}%
        </progress>
      ) : null}
    </fieldset>
  );
}
