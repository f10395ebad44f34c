/**
 * The rule every video thumbnail follows (interface.md, MediaItem.thumbnail):
 * JPEG, PNG or GIF, at most 2 MB, at least 640 px wide. Checked on the staged
 * file, so the type is the real one, not the one the URL suggests.
 */
import { MediaError } from './errors.ts';
import type { StagedMedia } from './stage.ts';

const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;
const THUMBNAIL_MIN_WIDTH = 640;
const THUMBNAIL_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);

/** The problems of a thumbnail, empty when it is fine. */
function thumbnailProblems(staged: Pick<StagedMedia, 'mimeType' | 'size' | 'width'>): string[] {
  const problems: string[] = [];
  if (!THUMBNAIL_TYPES.has(staged.mimeType))
    problems.push(`must be JPEG, PNG or GIF, not ${staged.mimeType}`);
  if (staged.size > THUMBNAIL_MAX_BYTES)
    problems.push(`must be at most 2 MB (${THUMBNAIL_MAX_BYTES} bytes), it is ${staged.size} bytes`);
  if ((staged.width ?? 0) < THUMBNAIL_MIN_WIDTH)
    problems.push(`must be at least ${THUMBNAIL_MIN_WIDTH} px wide, it is ${staged.width ?? 0} px`);
  return problems;
}

/** Throws a `bad_thumbnail` MediaError naming the thumbnail and every problem. */
export function assertThumbnail(staged: StagedMedia): void {
  const problems = thumbnailProblems(staged);
  if (problems.length)
    throw new MediaError('bad_thumbnail', staged.label, staged.item.url, problems.join('; '));
}
