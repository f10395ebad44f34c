/**
 * Instagram's own rules: media is required (one image or video, or a carousel of
 * 2 to 10); no GIFs or documents; a caption of at most 2200 characters, 30
 * hashtags and 20 @-mentions (a Story's caption is not published, yet the same
 * text goes to the account's other targets). Stories and collaborators: formats.ts.
 */
import {
  countMedia,
  measureWith,
  overLimit,
  type PlatformValidator,
  type TextMeasurer,
  targetText,
} from '../shared/input.ts';
import { codePointLength } from '../shared/text.ts';
import { collaboratorProblems, storyProblems } from './formats.ts';
import type { InstagramOptions } from './options.ts';

/** The text's length and the platform's limit (for counters). */
export const measureInstagram: TextMeasurer = measureWith(codePointLength, 2200, 'characters');

export const validateInstagram: PlatformValidator = (target, post) => {
  const out: string[] = [];
  const o = (target.platformSpecificData ?? {}) as InstagramOptions;
  out.push(...storyProblems(o, target, post), ...collaboratorProblems(o));
  const c = countMedia(post.mediaItems);
  if (post.mediaItems.length === 0) out.push('mediaItems: Instagram needs at least one image or video');
  if (c.document > 0 || c.gif > 0)
    out.push('mediaItems: Instagram accepts images and videos only (no GIFs or documents)');
  if (post.mediaItems.length > 10)
    out.push(`mediaItems: an Instagram carousel takes at most 10 items (got ${post.mediaItems.length})`);
  const { text, field } = targetText(target, post);
  out.push(...overLimit(field, measureInstagram(target, post)));
  const hashtags = text.match(/(^|[^\p{L}\p{N}_])#[\p{L}\p{N}_]+/gu)?.length ?? 0;
  if (hashtags > 30) out.push(`${field} has ${hashtags} hashtags; Instagram allows 30`);
  const mentions = text.match(/(^|[^\p{L}\p{N}_.])@[A-Za-z0-9_.]+/gu)?.length ?? 0;
  if (mentions > 20) out.push(`${field} has ${mentions} @-mentions; Instagram allows 20`);
  return out;
};
