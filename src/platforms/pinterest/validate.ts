/**
 * Pinterest's own rules: one image, a carousel of 2 to 5 images, or one video;
 * a description (the post text) of at most 800 characters; an HTTPS link.
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
import type { PinterestOptions } from './options.ts';

/** The text's length and the platform's limit (for counters). */
export const measurePinterest: TextMeasurer = measureWith(
  codePointLength,
  800,
  'characters (the pin description)',
);

export const validatePinterest: PlatformValidator = (target, post) => {
  const out: string[] = [];
  const o = (target.platformSpecificData ?? {}) as Partial<PinterestOptions>;
  const c = countMedia(post.mediaItems);
  if (post.mediaItems.length === 0) out.push('mediaItems: a Pinterest pin needs an image or a video');
  else if (c.document > 0) out.push('mediaItems: Pinterest does not accept documents');
  else if (c.video > 0 && post.mediaItems.length > 1)
    out.push('mediaItems: a Pinterest video pin takes exactly one video and no other media');
  else if (c.image + c.gif > 5)
    out.push(`mediaItems: a Pinterest carousel takes 2 to 5 images (got ${c.image + c.gif})`);
  const { field } = targetText(target, post);
  out.push(...overLimit(field, measurePinterest(target, post)));
  if (o.link !== undefined && !/^https:\/\//i.test(o.link))
    out.push('platformSpecificData.link must be an https:// URL');
  return out;
};
