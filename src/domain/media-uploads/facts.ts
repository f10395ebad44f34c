/**
 * An upload's image and video facts, read once from the stored file when the upload
 * completes (receive.ts for the local PUT; ownership.ts for a file sent straight to
 * the bucket) with the parsers a media URL is read with at create (media/file-facts.ts),
 * and kept on its media_uploads row (migration 0520). Create hands them to the
 * platforms' media rules, so an uploaded 1:3 MP4 or 1000×3000 PNG is refused with
 * `"off"`, and planned for conversion with `"auto"`, as the same file at a URL is.
 */
import type { AppContext } from '../../context.ts';
import { type FileFacts, readFileFacts } from '../../media/file-facts.ts';
import type { MediaUploadsTable } from '../../store/tables/media.ts';

/** The facts of an object in the media store (a few ranged reads: S3 Range GETs, or reads of the local file). */
export function readStoredFacts(
  ctx: AppContext,
  key: string,
  stored: { size: number; mimeType: string },
): Promise<FileFacts> {
  return readFileFacts({
    ...stored,
    read: (position, length) => ctx.mediaStore.readRange(key, position, length),
  });
}

/** The row's columns for these facts (null where unknown). */
export const factsColumns = (f: FileFacts) => ({
  width: f.width ?? null,
  height: f.height ?? null,
  duration_sec: f.durationSec ?? null,
  video_codec: f.videoCodec ?? null,
  audio_codec: f.audioCodec ?? null,
  bitrate: f.bitrate ?? null,
  fps: f.fps ?? null,
});

/** The facts a row holds (rows written before migration 0520, or with none known, hold none). */
export function factsOfRow(row: MediaUploadsTable): FileFacts {
  const f: FileFacts = {};
  if (row.width && row.height) Object.assign(f, { width: row.width, height: row.height });
  if (row.duration_sec) f.durationSec = row.duration_sec;
  if (row.video_codec) f.videoCodec = row.video_codec;
  if (row.audio_codec) f.audioCodec = row.audio_codec;
  if (row.bitrate) f.bitrate = row.bitrate;
  if (row.fps) f.fps = row.fps;
  return f;
}
