/**
 * The adapter's own minimal checks of a Bluesky target (300 graphemes, media
 * mix). The full rules belong in validate.ts of this folder; once that exists the
 * adapter calls it instead.
 */
import type { TargetInput } from '../contract.ts';
import { graphemeLength } from './richtext.ts';

export function validateForBluesky(target: TargetInput): string[] {
  const problems: string[] = [];
  const length = graphemeLength(target.content);
  if (length > 300) problems.push(`content is ${length} characters (graphemes), more than Bluesky's 300`);
  if (Buffer.byteLength(target.content) > 3000)
    problems.push('content is more than 3000 bytes, the most Bluesky accepts');
  const media = target.mediaItems;
  const videos = media.filter((m) => m.type === 'video').length;
  if (media.some((m) => m.type === 'document'))
    problems.push('mediaItems: Bluesky does not accept documents');
  if (videos > 1 || (videos && media.length > 1))
    problems.push('mediaItems: a video must be the only media item on Bluesky');
  if (!videos && media.length > 4) problems.push('mediaItems: Bluesky accepts at most 4 images');
  return problems;
}
