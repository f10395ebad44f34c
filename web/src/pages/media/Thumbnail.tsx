// A file of the library as a small square: the image itself, or its kind in words.
import type { Schemas } from '../../api/client.ts';

export function Thumbnail(props: { file: Pick<Schemas['MediaFile'], 'type' | 'url' | 'filename'> }) {
  const { file } = props;
  if (file.type === 'image' || file.type === 'gif')
    return (
      <img className="ml-thumb" src={file.url} alt={file.filename} loading="lazy" width={96} height={96} />
    );
  return (
    <span className="ml-thumb ml-thumb-kind" role="img" aria-label={`${file.type}: ${file.filename}`}>
      {file.type === 'video' ? '▶ video' : 'document'}
    </span>
  );
}
