/**
 * A video URL's facts at create, read from its MP4/MOV header boxes by ranged GETs
 * through the safe outbound client, by the same parser that reads a file on disk
 * (mp4-facts.ts) and within the same bounds as an object in the media store
 * (mp4-ranges.ts). Never ffprobe on a URL: ffprobe would fetch it itself, past the
 * outbound address filter. Platforms refuse a video by its frame, length and
 * codecs, which a URL's headers do not say; knowing them at create lets `"off"`
 * refuse the post with the rule, validate report the conversion, and `"auto"` plan
 * it, as for an uploaded file.
 *
 * Bounded besides by the inspection's own deadline. A server that ignores ranges
 * (200) is not read: its body is dropped.
 */
import { type OutboundClient, readLimited } from '../net/outbound.ts';
import { GiveUp, readMp4FactsByRanges } from './mp4-ranges.ts';
import type { VideoFacts } from './probe.ts';

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
  return readMp4FactsByRanges({
    size: options.size,
    head: options.head,
    ...(options.maxMoovBytes !== undefined ? { maxMoovBytes: options.maxMoovBytes } : {}),
    async fetchRange(position, length) {
      const left = options.deadline - Date.now();
      if (left <= 0) throw new GiveUp();
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
    },
  });
}
