/**
 * The adapter's own minimal checks of a LinkedIn target (3000 characters, one
 * media kind, documentTitle with documents, mentions present once). The full
 * rules belong in validate.ts of this folder; once that exists the adapter calls it.
 */
import type { TargetInput } from '../contract.ts';
import { linkedinOptions } from './publish.ts';

export function validateForLinkedIn(target: TargetInput): string[] {
  const opts = linkedinOptions(target.platformSpecificData);
  const problems: string[] = [];
  if ([...target.content].length > 3000) problems.push("content is more than LinkedIn's 3000 characters");
  const media = target.mediaItems;
  const kinds = new Set(media.map((m) => (m.type === 'gif' ? 'image' : m.type)));
  if (kinds.size > 1) problems.push('mediaItems: LinkedIn posts carry one kind of media');
  if ((kinds.has('video') || kinds.has('document')) && media.length > 1)
    problems.push('mediaItems: a video or document must be the only media item on LinkedIn');
  if (media.length > 20) problems.push('mediaItems: LinkedIn accepts at most 20 images');
  if (kinds.has('document') && !opts.documentTitle)
    problems.push('platformSpecificData.documentTitle is required with a document');
  for (const [i, m] of (opts.mentions ?? []).entries()) {
    const count = target.content.split(m.text).length - 1;
    if (count !== 1)
      problems.push(`platformSpecificData.mentions[${i}].text must appear exactly once in content`);
  }
  return problems;
}
