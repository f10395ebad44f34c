/**
 * Instagram's rules of the formats chosen in platformSpecificData, apart from the
 * feed rules in validate.ts: a Story (`contentType: "story"`) and collaborators.
 * A Story is one image or one video (JPEG up to 8 MiB; MP4/MOV of 3 to 60 s, up to
 * 100 MB, as Meta's reference gives them: Instagram checks sizes and durations
 * when it fetches the media and its refusal becomes the target's error), with no
 * caption (the post's text is not shown on it; a target's own text is refused),
 * no feed or cover options and no collaborators. Collaborators go on feed
 * posts, carousels and Reels.
 */
import { countMedia, type PostInput, type TargetInput } from '../shared/input.ts';
import type { InstagramOptions } from './options.ts';

export function storyProblems(o: InstagramOptions, target: TargetInput, post: PostInput): string[] {
  if (o.contentType !== 'story') return [];
  const out: string[] = [];
  // The post's text goes to its other targets; a Story target's own text would be lost.
  if (target.content !== undefined && target.content.trim() !== '')
    out.push("content: an Instagram Story has no caption; leave out this target's own content");
  const c = countMedia(post.mediaItems);
  if (post.mediaItems.length !== 1)
    out.push(
      `mediaItems: an Instagram Story is one image or one video (got ${post.mediaItems.length} items); publish several as separate posts`,
    );
  else if (c.image + c.video !== 1)
    out.push('mediaItems: an Instagram Story is an image (JPEG) or a video (MP4 or MOV, 3 to 60 s)');
  for (const field of ['shareToFeed', 'coverUrl', 'thumbOffset', 'collaborators'] as const)
    if (o[field] !== undefined)
      out.push(`platformSpecificData.${field} does not apply to an Instagram Story (contentType "story")`);
  return out;
}

export function collaboratorProblems(o: InstagramOptions): string[] {
  const list = o.collaborators;
  if (!list || o.contentType === 'story') return [];
  const out: string[] = [];
  // The schema holds each name to ^[A-Za-z0-9._]+$ (no @) and the list to unique items; Instagram's
  // usernames are not case-sensitive, so "Ann" and "ann" are the same account.
  const lower = list.map((n) => n?.toLowerCase());
  if (new Set(lower).size !== lower.length)
    out.push(
      'platformSpecificData.collaborators names the same account twice (usernames are not case-sensitive)',
    );
  return out;
}
