/**
 * A video URL's facts at create, read from its MP4/MOV header boxes by ranged GETs
 * through the safe outbound client, by the same parser that reads a file on disk
 * (mp4-facts.ts). Never ffprobe on a URL: ffprobe would fetch it itself, past the
 * outbound address filter. Platforms refuse a video by its frame, length and
 * codecs, which a URL's headers do not say; knowing them at create lets `"off"`
 * refuse the post with the rule, validate report the conversion, and `"auto"` plan
 * it, as for an uploaded file.
 *
 * Bounded: the bytes read in all (a moov over a few MB is not read: facts unknown),
 * the number of requests, and the inspection's own deadline. Each read asks for at
 * least READ_AHEAD bytes, so a small moov at the start (in the inspection's first
 * answer) or at the end (in the window that holds its box header) costs no further
 * request. A server that ignores ranges (200) is not read: its body is dropped.
 */
import { type OutboundClient, readLimited } from '../net/outbound.ts';
import { type ByteSource, mp4FactsFrom } from './mp4-facts.ts';
import type { VideoFacts } from './probe.ts';

/** Bytes asked for at least, per request (also what inspect.ts asks first of a video). */
export const READ_AHEAD = 64 * 1024;
/** The largest moov read from a URL: a few minutes of video; longer ones stay unknown until publishing. */
export const MAX_URL_MOOV_BYTES = 4 * 1024 * 1024;
/** Requests after the inspection's first: box headers one by one, then the moov. */
const MAX_REQUESTS = 6;

class GiveUp extends Error {}

/** `bytes 100-199/5000` → 100. */
const startOfRange = (header: string | null): number | undefined => {
  const m = /^bytes (\d+)-\d+\//.exec(header ?? '');
  return m ? Number(m[1]) : undefined;
};

export interface UrlReadOptions {
  /** The file's total size (the inspection's Content-Range). */
  size: number;
  /** The file's first bytes, already read by the inspection. */
  head: Buffer;
  /** When the inspection's time is up (epoch ms). */
  deadline: number;
  maxMoovBytes?: number;
}

/** The facts of the MP4/MOV at `url`, or null when they can not be read within the bounds (see the top). */
export async function readMp4FactsAtUrl(
  outbound: OutboundClient,
  url: string,
  options: UrlReadOptions,
): Promise<VideoFacts | null> {
  const maxMoov = options.maxMoovBytes ?? MAX_URL_MOOV_BYTES;
  // What may be fetched in all: the moov and the few windows before it.
  let budget = maxMoov + MAX_REQUESTS * READ_AHEAD;
  let requests = 0;
  // The bytes held: one window of the file (first the inspection's head).
  let window = { at: 0, bytes: options.head };
  const fetchRange = async (position: number, length: number): Promise<Buffer> => {
    const left = options.deadline - Date.now();
    if (++requests > MAX_REQUESTS || length > budget || left <= 0) throw new GiveUp();
    budget -= length;
    const res = await outbound.request(url, {
      headers: { range: `bytes=${position}-${position + length - 1}` },
      timeoutMs: left,
    });
    if (res.status !== 206 || startOfRange(res.headers.get('content-range')) !== position) {
      // Not the part asked for (the whole file, or an error): none of it is read.
      await res.body?.cancel().catch(() => {});
      throw new GiveUp();
    }
    return readLimited(res, length);
  };
  const source: ByteSource = {
    size: options.size,
    async read(position, length) {
      const end = Math.min(position + length, options.size);
      const { at, bytes } = window;
      if (position >= at && end <= at + bytes.length) return bytes.subarray(position - at, end - at);
      const want = Math.min(Math.max(end - position, READ_AHEAD), options.size - position);
      const got = await fetchRange(position, want);
      window = { at: position, bytes: got };
      return got.subarray(0, end - position);
    },
  };
  try {
    return await mp4FactsFrom(source, maxMoov);
  } catch {
    // Refused, too slow, too large, not ranged: the facts stay unknown, as without this reader.
    return null;
  }
}
