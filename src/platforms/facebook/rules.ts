/**
 * The adapter's own minimal checks of a Facebook target (media mix). The full
 * rules belong in validate.ts of this folder; once that exists the adapter calls it.
 */
import type { TargetInput } from '../contract.ts';
import { facebookOptions } from './publish.ts';

export function validateForFacebook(target: TargetInput): string[] {
  const problems: string[] = [];
  const media = target.mediaItems;
  const opts = facebookOptions(target.platformSpecificData);
  if (media.some((m) => m.type === 'document'))
    problems.push('mediaItems: Facebook Pages do not accept documents');
  if (media.some((m) => m.type === 'video') && media.length > 1)
    problems.push('mediaItems: a video must be the only media item on Facebook');
  if (opts.videoThumbnailUrl && !media.some((m) => m.type === 'video'))
    problems.push('platformSpecificData.videoThumbnailUrl applies to video posts only');
  if (!target.content.trim() && !media.length && !opts.link) problems.push('content is empty');
  return problems;
}
