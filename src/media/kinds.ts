/**
 * Which sniffed content types fit which declared media kind. A media item that
 * says `video` but holds a PNG is refused before anything is uploaded.
 */

/** The kinds a post's media item declares (interface.md, MediaItem.type). */
export type MediaKind = 'image' | 'video' | 'gif' | 'document';

/**
 * What staging reads of a media item: the platform contract's MediaItem has these
 * fields and more, so adapters pass their items as they are.
 */
export interface MediaSource {
  type: MediaKind;
  url: string;
  /** The name to upload under; else Content-Disposition's, else the URL's last segment. */
  filename?: string | null | undefined;
}

const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'application/x-cfb', // legacy .doc/.ppt containers
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.ms-powerpoint',
]);

/** True when the sniffed MIME type is what the item claims to be. */
export function fitsKind(kind: MediaKind, mime: string): boolean {
  switch (kind) {
    case 'image':
      return mime.startsWith('image/');
    case 'gif':
      return mime === 'image/gif';
    case 'video':
      return mime.startsWith('video/');
    case 'document':
      return DOCUMENT_TYPES.has(mime);
  }
}

/** "an image", "a video"… for messages. */
export function kindPhrase(kind: MediaKind): string {
  return kind === 'image'
    ? 'an image'
    : kind === 'gif'
      ? 'a GIF'
      : kind === 'video'
        ? 'a video'
        : 'a document';
}
