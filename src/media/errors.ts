/**
 * How staging a media item fails. The media pipeline knows nothing of platforms:
 * it says what went wrong with the item, and the adapters turn that into a
 * PlatformError at their edge (src/platforms/shared/media.ts), where retrying is
 * decided.
 */

/**
 * - `not_found`: the source answered 404 or 410.
 * - `refused`: the source answered another 4xx, or the safe outbound client would
 *   not fetch the URL (private address, bad URL, redirect rules).
 * - `unreachable`: a network failure, a 5xx or a 429: it may work later.
 * - `timeout`: fetching took longer than allowed: it may work later.
 * - `too_large`: larger than the configured limit.
 * - `empty`: no bytes.
 * - `wrong_type`: not what the item claims to be (or not readable as that).
 * - `bad_thumbnail`: breaks the thumbnail rules (type, size, width).
 */
export type MediaErrorKind =
  | 'not_found'
  | 'refused'
  | 'unreachable'
  | 'timeout'
  | 'too_large'
  | 'empty'
  | 'wrong_type'
  | 'bad_thumbnail';

export class MediaError extends Error {
  override name = 'MediaError';
  readonly kind: MediaErrorKind;
  /** How messages name the item ("media item 2", "videoThumbnailUrl"). */
  readonly label: string;
  readonly url: string;

  /** The message is `<label> (<url>) <why>`: users see it as the target's error. */
  constructor(kind: MediaErrorKind, label: string, url: string, why: string) {
    super(`${label} (${url}) ${why}`);
    this.kind = kind;
    this.label = label;
    this.url = url;
  }
}
