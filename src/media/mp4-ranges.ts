/**
 * An MP4/MOV's facts read from its header boxes by a few ranged reads of a file
 * that is not on this machine: a URL (mp4-url.ts, through the safe outbound client)
 * or an object in the media store (file-facts.ts, S3 by Range GETs). The parser
 * is mp4-facts.ts's; this adds the bounds such reads need, the same for both:
 * the bytes read in all (a moov over a few MB is not read: facts unknown) and the
 * number of reads. Each read asks for at least READ_AHEAD bytes, so a small moov
 * at the start (in the first bytes, already read) or at the end (in the window
 * that holds its box header) costs no further read.
 */
import { type ByteSource, mp4FactsFrom } from './mp4-facts.ts';
import type { VideoFacts } from './probe.ts';

/** Bytes asked for at least, per read (also what is read first of a video). */
export const READ_AHEAD = 64 * 1024;
/** The largest moov read by ranges: a few minutes of video; longer ones stay unknown until publishing. */
export const MAX_RANGED_MOOV_BYTES = 4 * 1024 * 1024;
/** Reads after the first bytes: box headers one by one, then the moov. */
const MAX_READS = 6;

/** Thrown by a `fetchRange` (or by the bounds) to give up: the facts stay unknown. */
export class GiveUp extends Error {}

export interface RangedFile {
  /** The file's total size. */
  size: number;
  /** The file's first bytes, already read. */
  head: Buffer;
  /** Exactly the bytes [position, position + length), or throws (GiveUp or another error). */
  fetchRange(position: number, length: number): Promise<Buffer>;
  maxMoovBytes?: number;
}

/** The facts of the MP4/MOV, or null when they can not be read within the bounds (see the top). */
export async function readMp4FactsByRanges(file: RangedFile): Promise<VideoFacts | null> {
  const maxMoov = file.maxMoovBytes ?? MAX_RANGED_MOOV_BYTES;
  // What may be read in all: the moov and the few windows before it.
  let budget = maxMoov + MAX_READS * READ_AHEAD;
  let reads = 0;
  // The bytes held: one window of the file (first its head).
  let window = { at: 0, bytes: file.head };
  const source: ByteSource = {
    size: file.size,
    async read(position, length) {
      const end = Math.min(position + length, file.size);
      const { at, bytes } = window;
      if (position >= at && end <= at + bytes.length) return bytes.subarray(position - at, end - at);
      const want = Math.min(Math.max(end - position, READ_AHEAD), file.size - position);
      if (++reads > MAX_READS || want > budget) throw new GiveUp();
      budget -= want;
      const got = await file.fetchRange(position, want);
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
