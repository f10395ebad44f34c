/**
 * What a media URL is, read when a post is created (before any publishing): its
 * size and content type from the server's headers, an image's dimensions from its
 * first bytes, and an MP4/MOV video's frame, length and codecs from its header
 * boxes by a few ranged reads (mp4-url.ts), without downloading the rest.
 * Post records show them at once, scheduled posts included. The request goes
 * through the safe outbound client, so a URL that publishing would refuse (a
 * private, loopback, link-local or metadata address not on the allow-list) is
 * refused here, at create, instead of failing later.
 *
 * A server that answers that the file is not there (404 Not Found, 410 Gone, to
 * both a ranged GET and a HEAD) refuses the URL: the platforms that pull media
 * from its URL (Instagram, Threads, Facebook, Pinterest, TikTok) would fail it,
 * and a create that answered 202 would only fail later.
 *
 * A server that can not be reached now is not an error: the URL may be served
 * by then. The type then comes from the file name (or the item's kind) and the
 * size is 0 until known; publishing fetches the file and judges it for real.
 */
import { imageSize } from 'image-size';
import { type OutboundClient, OutboundError, readLimited } from '../net/outbound.ts';
import { looksLikeMp4 } from './mp4-facts.ts';
import { READ_AHEAD } from './mp4-ranges.ts';
import { readMp4FactsAtUrl } from './mp4-url.ts';
import type { VideoFacts } from './probe.ts';

export interface MediaFacts {
  /** Bytes as the server declared them; 0 when it did not say. */
  size: number;
  mimeType: string;
  /** An image's dimensions, read from the header bytes of the file (absent when they could not be read). */
  width?: number;
  height?: number;
  /** A video's, from its MP4/MOV header boxes (absent when it is another format or they could not be read). */
  durationSec?: number;
  videoCodec?: string;
  audioCodec?: string;
  bitrate?: number;
  fps?: number;
}

/**
 * How much of an image is asked for: its dimensions sit in the first bytes (PNG,
 * GIF, WebP) or after the metadata segments of a JPEG, well within this.
 */
export const IMAGE_HEAD_BYTES = 64 * 1024;

/** Types whose header boxes mp4-url.ts reads (besides any file whose first bytes are an ftyp box). */
export const MP4_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/x-m4v']);

/** Width and height from the first bytes of an image; undefined when they are not there. */
export function dimensionsOf(head: Buffer): { width: number; height: number } | undefined {
  try {
    const d = imageSize(head);
    return d.width && d.height ? { width: d.width, height: d.height } : undefined;
  } catch {
    return undefined;
  }
}

/** `refused`: the URL may never be fetched (the reason says why); `facts`: what is known of it. */
export type Inspection = { refused: string } | { facts: MediaFacts };

const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  pdf: 'application/pdf',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const BY_KIND: Record<string, string> = {
  image: 'image/jpeg',
  gif: 'image/gif',
  video: 'video/mp4',
  document: 'application/pdf',
};

/** The type a URL's file name suggests, else the usual type of the item's kind. */
export function guessMimeType(url: string, kind: string): string {
  let ext = '';
  try {
    ext = (new URL(url).pathname.split('.').pop() ?? '').toLowerCase();
  } catch {
    // An unparsable URL has no extension; the kind decides.
  }
  return BY_EXTENSION[ext] ?? BY_KIND[kind] ?? 'application/octet-stream';
}

/** Answers that say the file is not at this URL (a 5xx or 403 may pass by the time of publishing). */
const GONE = new Set([404, 410]);

const mimeOf = (header: string | null) => header?.split(';')[0]?.trim().toLowerCase() || undefined;

/** `bytes 0-0/12345` → 12345. */
function totalFromRange(header: string | null): number | undefined {
  const m = /\/(\d+)\s*$/.exec(header ?? '');
  return m ? Number(m[1]) : undefined;
}

function lengthOf(header: string | null): number | undefined {
  const n = Number(header ?? Number.NaN);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/**
 * Asks for the first byte (`Range: bytes=0-0`): the total size is in Content-Range
 * and the type in Content-Type, and a one-byte body read to its end leaves the
 * connection open for the next create (a HEAD would not: the HTTP client closes the
 * connection after every HEAD answer, so each create paid a new connection). A
 * server that ignores ranges answers 200 with the whole file: its Content-Length is
 * the size and the body is not read. A server that answers neither usefully is
 * asked with HEAD. An image's first 64 KB are asked for instead (its dimensions),
 * and a video's (an MP4's ftyp and often its moov): an MP4/MOV's header boxes are
 * then read within the same time limit (mp4-url.ts). A video whose facts can not be
 * read keeps its size and type only, as before.
 */
export async function inspectMediaUrl(
  outbound: OutboundClient,
  url: string,
  kind: string,
  timeoutMs: number,
): Promise<Inspection> {
  const deadline = Date.now() + timeoutMs;
  // An image's header is read too, so its dimensions are known at create (platforms refuse aspect ratios).
  const wantHead = kind === 'image' || kind === 'gif';
  const last = wantHead ? IMAGE_HEAD_BYTES - 1 : kind === 'video' ? READ_AHEAD - 1 : 0;
  try {
    const first = await outbound.request(url, { headers: { range: `bytes=0-${last}` }, timeoutMs });
    let size: number | undefined;
    let dims: { width: number; height: number } | undefined;
    let head: Buffer | undefined;
    if (first.status === 206) {
      size = totalFromRange(first.headers.get('content-range'));
      // A server sending more than was asked for loses the connection, not the answer.
      head = await readLimited(first, last + 1024).catch(() => undefined);
      if (wantHead && head) dims = dimensionsOf(head);
    } else {
      if (first.ok) size = lengthOf(first.headers.get('content-length'));
      await first.body?.cancel();
    }
    let mimeType = first.ok ? mimeOf(first.headers.get('content-type')) : undefined;
    const video =
      kind === 'video' && head && size && (looksLikeMp4(head) || MP4_TYPES.has(mimeType ?? ''))
        ? await readMp4FactsAtUrl(outbound, url, { size, head, deadline })
        : null;
    if (size === undefined || mimeType === undefined) {
      const head = await outbound.request(url, { method: 'HEAD', timeoutMs });
      await head.body?.cancel();
      if (GONE.has(first.status) && GONE.has(head.status))
        return { refused: `the server answers ${head.status} (no file at this URL)` };
      if (head.ok) {
        size ??= lengthOf(head.headers.get('content-length'));
        mimeType ??= mimeOf(head.headers.get('content-type'));
      }
    }
    return {
      facts: {
        size: size ?? 0,
        mimeType: mimeType ?? guessMimeType(url, kind),
        ...dims,
        ...(video ? videoFacts(video) : {}),
      },
    };
  } catch (err) {
    if (err instanceof OutboundError && (err.reason === 'blocked' || err.reason === 'invalid'))
      return { refused: err.message };
    // Not reachable now: the type from the name, the size unknown (see the top).
    return { facts: { size: 0, mimeType: guessMimeType(url, kind) } };
  }
}

/** The facts of the header reader that a post's media records (its probe status is not one). */
export function videoFacts(v: VideoFacts): Partial<MediaFacts> {
  const out: Partial<MediaFacts> = {};
  if (v.width && v.height) Object.assign(out, { width: v.width, height: v.height });
  if (v.durationSec) out.durationSec = v.durationSec;
  if (v.videoCodec) out.videoCodec = v.videoCodec;
  if (v.audioCodec) out.audioCodec = v.audioCodec;
  if (v.bitrate) out.bitrate = v.bitrate;
  if (v.fps) out.fps = v.fps;
  return out;
}

/**
 * Inspections remembered per URL for a short while, with concurrent asks for one
 * URL sharing one request. A campaign posts the same asset to many posts at once
 * (and a client retrying a create re-sends the same URL); each would otherwise
 * wait on the same HEAD round trip. An answer that only guessed (the server could
 * not be reached) is not kept, so the next create asks again.
 */
export function rememberInspections(
  inspect: (url: string, kind: string) => Promise<Inspection>,
  options: { ttlMs: number; maxEntries: number; now?: () => number },
): (url: string, kind: string) => Promise<Inspection> {
  const now = options.now ?? Date.now;
  const kept = new Map<string, { at: number; answer: Promise<Inspection> }>();
  return (url, kind) => {
    // The kind only matters for guesses, which are not kept; it is part of the key all the same.
    const key = `${kind} ${url}`;
    const hit = kept.get(key);
    if (hit && now() - hit.at < options.ttlMs) return hit.answer;
    const answer = inspect(url, kind);
    if (kept.size >= options.maxEntries) kept.delete(kept.keys().next().value as string);
    const entry = { at: now(), answer };
    kept.set(key, entry);
    answer.then(
      (result) => {
        if ('facts' in result && result.facts.size === 0 && kept.get(key) === entry) kept.delete(key);
      },
      () => kept.get(key) === entry && kept.delete(key),
    );
    return answer;
  };
}
