/**
 * An image's dimensions and an MP4/MOV video's frame, length, codecs and bitrate,
 * read from a file by a few ranged reads: the first 64 KB, then (for a video) its
 * header boxes within the bounds of mp4-ranges.ts. The same helpers read a media
 * URL at create (inspect.ts); this reads a file the service holds, an upload on
 * local disk or in the S3 bucket, once when its upload completes. What can not be
 * read (another format, a moov too large, a read that fails) stays unknown: no facts.
 */
import { type FileHandle, open } from 'node:fs/promises';
import { dimensionsOf, IMAGE_HEAD_BYTES, type MediaFacts, MP4_TYPES, videoFacts } from './inspect.ts';
import { looksLikeMp4 } from './mp4-facts.ts';
import { GiveUp, readMp4FactsByRanges } from './mp4-ranges.ts';

/** The facts of a file beyond its size and type (every one absent when unknown). */
export type FileFacts = Pick<
  MediaFacts,
  'width' | 'height' | 'durationSec' | 'videoCodec' | 'audioCodec' | 'bitrate' | 'fps'
>;

export interface RangeReadable {
  size: number;
  /** The file's sniffed type. */
  mimeType: string;
  /** Up to `length` bytes from `position` (fewer at the end); undefined when the file is not there. */
  read(position: number, length: number): Promise<Buffer | undefined>;
}

export async function readFileFacts(file: RangeReadable): Promise<FileFacts> {
  const image = file.mimeType.startsWith('image/');
  if (!image && !file.mimeType.startsWith('video/')) return {};
  try {
    const head = await file.read(0, IMAGE_HEAD_BYTES);
    if (!head) return {};
    if (image) return dimensionsOf(head) ?? {};
    if (!looksLikeMp4(head) && !MP4_TYPES.has(file.mimeType)) return {};
    const video = await readMp4FactsByRanges({
      size: file.size,
      head,
      async fetchRange(position, length) {
        const got = await file.read(position, length);
        if (!got || got.length !== length) throw new GiveUp();
        return got;
      },
    });
    return video ? videoFacts(video) : {};
  } catch {
    // A store that fails a read now: unknown, as for a file no parser reads; publishing judges it.
    return {};
  }
}

/** The facts of a file on this machine's disk (a local upload before it is moved into place). */
export async function readFileFactsAt(
  path: string,
  stored: { size: number; mimeType: string },
): Promise<FileFacts> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch {
    return {};
  }
  try {
    return await readFileFacts({
      ...stored,
      async read(position, length) {
        const buf = Buffer.alloc(Math.max(0, Math.min(length, stored.size - position)));
        const { bytesRead } = await handle.read(buf, 0, buf.length, position);
        return buf.subarray(0, bytesRead);
      },
    });
  } finally {
    await handle.close();
  }
}
