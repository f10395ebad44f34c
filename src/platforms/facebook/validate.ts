/**
 * Facebook Pages' own rules: at most 63206 characters; one video, or up to 10
 * photos (no documents, no mix); text, link or media. Reels and Stories: formats.ts.
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
import { formatProblems } from './formats.ts';
import type { FacebookOptions } from './options.ts';

/** The text's length and the platform's limit (for counters). */
export const measureFacebook: TextMeasurer = measureWith(codePointLength, 63206, 'characters');

export const validateFacebook: PlatformValidator = (target, post) => {
  const out: string[] = [];
  const o = (target.platformSpecificData ?? {}) as FacebookOptions;
  const { text, field } = targetText(target, post);
  out.push(...overLimit(field, measureFacebook(target, post)));
  // A Reel or a Story has its own media rules instead of the feed's.
  if (o.contentType !== undefined) return [...out, ...formatProblems(o, target, post)];
  const c = countMedia(post.mediaItems);
  const images = c.image + c.gif;
  if (c.document > 0) out.push('mediaItems: Facebook Page posts do not accept documents');
  if (c.video > 0 && images > 0) out.push('mediaItems: a Facebook post takes one video or photos, not both');
  else if (c.video > 1) out.push(`mediaItems: a Facebook post takes at most 1 video (got ${c.video})`);
  else if (images > 10) out.push(`mediaItems: a Facebook post takes at most 10 photos (got ${images})`);
  if (text.trim() === '' && post.mediaItems.length === 0 && o.link === undefined)
    out.push(`${field} is empty and there is no media or link`);
  return out;
};
