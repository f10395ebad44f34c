/**
 * Threads' own rules: at most 500 characters (an emoji counts its UTF-8 bytes);
 * at most 5 distinct links; one image or video or a carousel of 2 to 20; no GIFs
 * or documents; text or media; alt texts no more than the media items.
 */
import {
  countMedia,
  measureWith,
  overLimit,
  type PlatformValidator,
  type TextMeasurer,
  targetText,
} from '../shared/input.ts';
import { findUrls, threadsLength } from '../shared/text.ts';
import type { ThreadsOptions } from './options.ts';

/** Threads' count (emoji count their bytes) and its limit (for counters). */
export const measureThreads: TextMeasurer = measureWith(
  threadsLength,
  500,
  'characters as Threads counts them (emoji count their bytes)',
);

export const validateThreads: PlatformValidator = (target, post) => {
  const out: string[] = [];
  const o = (target.platformSpecificData ?? {}) as ThreadsOptions;
  const { text, field } = targetText(target, post);
  out.push(...overLimit(field, measureThreads(target, post)));
  const links = new Set(findUrls(text).map(([s, e]) => text.slice(s, e).toLowerCase()));
  if (links.size > 5) out.push(`${field} has ${links.size} distinct links; Threads allows 5`);
  const c = countMedia(post.mediaItems);
  if (c.document > 0 || c.gif > 0)
    out.push('mediaItems: Threads accepts images and videos only (no GIFs or documents)');
  if (post.mediaItems.length > 20)
    out.push(`mediaItems: a Threads carousel takes at most 20 items (got ${post.mediaItems.length})`);
  if (text.trim() === '' && post.mediaItems.length === 0) out.push(`${field} is empty and there is no media`);
  if (o.altText && o.altText.length > post.mediaItems.length)
    out.push(
      `platformSpecificData.altText has ${o.altText.length} entries but the post has ${post.mediaItems.length} media items`,
    );
  return out;
};
