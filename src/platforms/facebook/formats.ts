/**
 * Facebook's rules of the formats chosen with `contentType`, apart from the feed
 * rules in validate.ts (Meta's Reels publishing guide and Page Stories API):
 * - a Reel is one video (MP4 recommended, 9:16, at least 540×960, 3 to 90 s),
 *   published through `/{page}/video_reels`; the text is its description. A link
 *   or a feed thumbnail does not apply; `published: false` leaves it a draft.
 * - a Story is one photo (JPEG, PNG, BMP, GIF or TIFF) or one video (3 to 60 s),
 *   through `/{page}/photo_stories` or `/{page}/video_stories`. It shows no text
 *   (a target's own text is refused: it would be lost), takes no link, thumbnail
 *   or first comment, and can not be left unpublished.
 * Durations are known once the file is fetched: publish.ts checks them before
 * anything is sent (DURATION), and Facebook's processing refuses what remains.
 */
import { countMedia, type PostInput, type TargetInput } from '../shared/input.ts';
import type { FacebookOptions } from './options.ts';

/** Seconds a video of each format may run, as Meta's pages give them. */
export const DURATION = {
  reel: { min: 3, max: 90, what: 'a Facebook Reel' },
  story: { min: 3, max: 60, what: 'a Facebook video Story' },
} as const;

export function formatProblems(o: FacebookOptions, target: TargetInput, post: PostInput): string[] {
  if (o.contentType === 'reel') return reelProblems(o, post);
  if (o.contentType === 'story') return storyProblems(o, target, post);
  return [];
}

function reelProblems(o: FacebookOptions, post: PostInput): string[] {
  const out: string[] = [];
  const c = countMedia(post.mediaItems);
  if (post.mediaItems.length !== 1 || c.video !== 1)
    out.push(
      `mediaItems: a Facebook Reel is exactly one video (MP4, 9:16, 3 to 90 s); got ${describe(post.mediaItems.length, c)}`,
    );
  for (const field of ['link', 'videoThumbnailUrl'] as const)
    if (o[field] !== undefined)
      out.push(`platformSpecificData.${field} does not apply to a Facebook Reel (contentType "reel")`);
  return out;
}

function storyProblems(o: FacebookOptions, target: TargetInput, post: PostInput): string[] {
  const out: string[] = [];
  if (target.content !== undefined && target.content.trim() !== '')
    out.push("content: a Facebook Story shows no text; leave out this target's own content");
  const c = countMedia(post.mediaItems);
  if (post.mediaItems.length !== 1 || c.image + c.gif + c.video !== 1)
    out.push(
      `mediaItems: a Facebook Story is one photo or one video (up to 60 s); got ${describe(post.mediaItems.length, c)}`,
    );
  for (const field of ['link', 'videoThumbnailUrl'] as const)
    if (o[field] !== undefined)
      out.push(`platformSpecificData.${field} does not apply to a Facebook Story (contentType "story")`);
  if (o.published === false)
    out.push('platformSpecificData.published: a Facebook Story can not be created unpublished');
  return out;
}

function describe(n: number, c: ReturnType<typeof countMedia>): string {
  if (n === 0) return 'no media';
  const parts = Object.entries(c)
    .filter(([, k]) => k > 0)
    .map(([t, k]) => `${k} ${t}${k > 1 ? 's' : ''}`);
  return parts.join(', ');
}
