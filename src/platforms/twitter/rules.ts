/**
 * The adapter's own minimal checks of an X target (weighted length, media mix,
 * poll exclusions). The full rules belong in validate.ts of this folder; once that
 * exists the adapter calls it instead.
 */
import type { MediaItem, TargetInput } from '../contract.ts';
import { xOptions } from './publish.ts';
import { weightedLength, X_MAX_WEIGHTED_LENGTH } from './text.ts';

function mediaProblems(items: readonly MediaItem[], where: string): string[] {
  const videos = items.filter((m) => m.type === 'video').length;
  const gifs = items.filter((m) => m.type === 'gif').length;
  if (items.some((m) => m.type === 'document')) return [`${where}: X does not accept documents`];
  if (items.length > 4) return [`${where}: X accepts at most 4 media items`];
  if ((videos || gifs) && items.length > 1)
    return [`${where}: a video or GIF must be the only media item on X`];
  return [];
}

export function validateForX(target: TargetInput): string[] {
  const opts = xOptions(target.platformSpecificData);
  const problems: string[] = [];
  const length = weightedLength(target.content);
  if (length > X_MAX_WEIGHTED_LENGTH)
    problems.push(`content is ${length} characters as X counts them, more than ${X_MAX_WEIGHTED_LENGTH}`);
  problems.push(...mediaProblems(target.mediaItems, 'mediaItems'));
  for (const [i, item] of (opts.threadItems ?? []).entries()) {
    const len = weightedLength(item.content);
    if (len > X_MAX_WEIGHTED_LENGTH)
      problems.push(
        `threadItems[${i}].content is ${len} characters as X counts them, more than ${X_MAX_WEIGHTED_LENGTH}`,
      );
    problems.push(...mediaProblems(item.mediaItems ?? [], `threadItems[${i}].mediaItems`));
  }
  if (opts.poll && (target.mediaItems.length || opts.threadItems?.length))
    problems.push('platformSpecificData.poll can not be combined with media or threadItems');
  return problems;
}
