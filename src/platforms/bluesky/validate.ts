/**
 * Bluesky's own rules: at most 300 graphemes and 3000 UTF-8 bytes; up to 4
 * images or 1 video (no documents, no mix); text or media; alt texts no more
 * than the images.
 */
import {
  countMedia,
  measureWith,
  overLimit,
  type PlatformValidator,
  type TextMeasurer,
  targetText,
  tooLong,
} from '../shared/input.ts';
import { graphemeLength, utf8Length } from '../shared/text.ts';
import type { BlueskyOptions } from './options.ts';

/** Graphemes and Bluesky's limit of 300 (for counters; the 3000-byte limit rarely binds). */
export const measureBluesky: TextMeasurer = measureWith(
  graphemeLength,
  300,
  'graphemes (user-perceived characters)',
);

export const validateBluesky: PlatformValidator = (target, post) => {
  const out: string[] = [];
  const o = (target.platformSpecificData ?? {}) as BlueskyOptions;
  const { text, field } = targetText(target, post);
  out.push(...overLimit(field, measureBluesky(target, post)));
  const bytes = utf8Length(text);
  if (bytes > 3000) out.push(tooLong(field, bytes, 3000, 'bytes'));
  const c = countMedia(post.mediaItems);
  const images = c.image + c.gif;
  if (c.document > 0) out.push('mediaItems: Bluesky does not accept documents');
  if (c.video > 0 && images > 0)
    out.push('mediaItems: a Bluesky post takes up to 4 images or 1 video, not both');
  else if (c.video > 1) out.push(`mediaItems: a Bluesky post takes at most 1 video (got ${c.video})`);
  else if (images > 4) out.push(`mediaItems: a Bluesky post takes at most 4 images (got ${images})`);
  if (text.trim() === '' && post.mediaItems.length === 0) out.push(`${field} is empty and there is no media`);
  if (o.altText && o.altText.length > Math.max(images, c.video))
    out.push(
      `platformSpecificData.altText has ${o.altText.length} entries but the post has ${images} images`,
    );
  return out;
};
