/**
 * What a media URL is, read when a post is created (before any publishing): its
 * size and content type from the server's headers, without downloading the body.
 * Post records show them at once, scheduled posts included. The request goes
 * through the safe outbound client, so a URL that publishing would refuse (a
 * private, loopback, link-local or metadata address not on the allow-list) is
 * refused here, at create, instead of failing later.
 *
 * A server that can not be reached now is not an error: the URL may be served
 * by then. The type then comes from the file name (or the item's kind) and the
 * size is 0 until known; publishing fetches the file and judges it for real.
 */
import { type OutboundClient, OutboundError } from '../net/outbound.ts';

export interface MediaFacts {
  /** Bytes as the server declared them; 0 when it did not say. */
  size: number;
  mimeType: string;
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
 * HEAD first; a server that does not answer HEAD usefully is asked for its first
 * byte (the total is in Content-Range). Only headers are read.
 */
export async function inspectMediaUrl(
  outbound: OutboundClient,
  url: string,
  kind: string,
  timeoutMs: number,
): Promise<Inspection> {
  const fallback = (): Inspection => ({ facts: { size: 0, mimeType: guessMimeType(url, kind) } });
  try {
    const head = await outbound.request(url, { method: 'HEAD', timeoutMs });
    await head.body?.cancel();
    let size = head.ok ? lengthOf(head.headers.get('content-length')) : undefined;
    let mimeType = head.ok ? mimeOf(head.headers.get('content-type')) : undefined;
    if (size === undefined || mimeType === undefined) {
      const first = await outbound.request(url, { headers: { range: 'bytes=0-0' }, timeoutMs });
      await first.body?.cancel();
      if (first.status === 206) size ??= totalFromRange(first.headers.get('content-range'));
      else if (first.ok) size ??= lengthOf(first.headers.get('content-length'));
      if (first.ok) mimeType ??= mimeOf(first.headers.get('content-type'));
    }
    return { facts: { size: size ?? 0, mimeType: mimeType ?? guessMimeType(url, kind) } };
  } catch (err) {
    if (err instanceof OutboundError && (err.reason === 'blocked' || err.reason === 'invalid'))
      return { refused: err.message };
    return fallback();
  }
}
