/**
 * What an upload may be, checked when the URL is asked for (on the announced type
 * and size) and again on the bytes that arrive: the accepted types, the size
 * limit, and the limits each platform applies to such a file, reported at once so
 * the client learns before publishing that, say, Bluesky will refuse a 3 MB image.
 */
import { fitsKind, type MediaKind } from '../../media/kinds.ts';
import type { Platform } from '../../platforms/names.ts';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];

/** The MediaItem kind a MIME type is uploaded as, or undefined when the service does not take it. */
export function uploadKind(mime: string): MediaKind | undefined {
  if (mime === 'image/gif') return 'gif';
  if (IMAGE_TYPES.includes(mime)) return 'image';
  if (VIDEO_TYPES.includes(mime)) return 'video';
  return fitsKind('document', mime) ? 'document' : undefined;
}

export const ACCEPTED_TYPES_PHRASE = `${[...IMAGE_TYPES, ...VIDEO_TYPES].join(', ')}, application/pdf and Word/PowerPoint documents`;

/** True when the sniffed bytes are the same sort of file as the announced type. */
export function sniffedFits(declared: string, sniffed: string): boolean {
  const kind = uploadKind(declared);
  const actual = uploadKind(sniffed);
  if (!kind || !actual) return false;
  // A GIF announced as an image (or the other way) is still an image; video and documents must match their family.
  const family = (k: MediaKind) => (k === 'gif' ? 'image' : k);
  return family(kind) === family(actual);
}

interface PlatformLimit {
  platform: Platform;
  kinds: readonly MediaKind[];
  maxBytes: number;
  says: string;
}

// The platforms' published maximum sizes (../platforms/*.md in the design notes; the
// adapters refuse the same files at publish time).
const PLATFORM_LIMITS: readonly PlatformLimit[] = [
  {
    platform: 'bluesky',
    kinds: ['image', 'gif'],
    maxBytes: 2_000_000,
    says: 'Bluesky takes images up to 2,000,000 bytes',
  },
  { platform: 'twitter', kinds: ['image'], maxBytes: 5 * 1024 * 1024, says: 'X takes images up to 5 MB' },
  { platform: 'twitter', kinds: ['gif'], maxBytes: 15 * 1024 * 1024, says: 'X takes GIFs up to 15 MB' },
  {
    platform: 'facebook',
    kinds: ['image'],
    maxBytes: 4 * 1024 * 1024,
    says: 'Facebook refuses photos over 4 MB',
  },
  {
    platform: 'instagram',
    kinds: ['image'],
    maxBytes: 8 * 1024 * 1024,
    says: 'Instagram takes images up to 8 MB',
  },
  {
    platform: 'instagram',
    kinds: ['video'],
    maxBytes: 300 * 1024 * 1024,
    says: 'Instagram takes Reels up to 300 MB',
  },
  {
    platform: 'threads',
    kinds: ['image'],
    maxBytes: 8 * 1024 * 1024,
    says: 'Threads takes images up to 8 MB',
  },
  {
    platform: 'threads',
    kinds: ['video'],
    maxBytes: 1024 * 1024 * 1024,
    says: 'Threads takes videos up to 1 GB',
  },
  {
    platform: 'googlebusiness',
    kinds: ['image'],
    maxBytes: 5 * 1024 * 1024,
    says: 'Google Business takes photos up to 5 MB',
  },
  {
    platform: 'tiktok',
    kinds: ['image'],
    maxBytes: 20 * 1024 * 1024,
    says: 'TikTok takes photos up to 20 MB',
  },
  {
    platform: 'tiktok',
    kinds: ['video'],
    maxBytes: 4 * 1024 * 1024 * 1024,
    says: 'TikTok takes videos up to 4 GB',
  },
];

/** Which platforms will refuse a file of this type and size, in words, for the upload answer. */
export function platformWarnings(mime: string, size: number | undefined): string[] {
  const kind = uploadKind(mime);
  if (!kind || size === undefined) return [];
  return PLATFORM_LIMITS.filter((l) => l.kinds.includes(kind) && size > l.maxBytes).map(
    (l) => `${l.platform}: ${l.says}; this file is ${size} bytes`,
  );
}
