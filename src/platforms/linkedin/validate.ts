/**
 * LinkedIn's own rules: commentary of at most 3000 characters; one video, or one
 * document (with documentTitle), or 1 to 20 images, never mixed; an article link
 * instead of media, not with it; each mention's text found exactly once in the
 * content (case-sensitive).
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
import type { LinkedInOptions } from './options.ts';

function occurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) n++;
  return n;
}

/** The text's length and the platform's limit (for counters). */
export const measureLinkedIn: TextMeasurer = measureWith(codePointLength, 3000, 'characters');

export const validateLinkedIn: PlatformValidator = (target, post) => {
  const out: string[] = [];
  const o = (target.platformSpecificData ?? {}) as LinkedInOptions;
  const { text, field } = targetText(target, post);
  out.push(...overLimit(field, measureLinkedIn(target, post)));
  const c = countMedia(post.mediaItems);
  const images = c.image + c.gif;
  if ((c.video > 0 ? 1 : 0) + (c.document > 0 ? 1 : 0) + (images > 0 ? 1 : 0) > 1)
    out.push('mediaItems: a LinkedIn post takes one video, or one document, or images, not a mix');
  else if (c.video > 1) out.push(`mediaItems: a LinkedIn post takes at most 1 video (got ${c.video})`);
  else if (c.document > 1)
    out.push(`mediaItems: a LinkedIn post takes at most 1 document (got ${c.document})`);
  else if (images > 20) out.push(`mediaItems: a LinkedIn post takes at most 20 images (got ${images})`);
  if (c.document > 0 && o.documentTitle === undefined)
    out.push('platformSpecificData.documentTitle is required when a document is attached');
  if (o.articleUrl !== undefined && post.mediaItems.length > 0)
    out.push(
      'platformSpecificData.articleUrl can not be combined with mediaItems (a LinkedIn post has either)',
    );
  o.mentions?.forEach((m, i) => {
    if (!m || typeof m.text !== 'string' || m.text === '') return;
    const times = occurrences(text, m.text);
    if (times !== 1)
      out.push(
        `platformSpecificData.mentions[${i}].text "${m.text}" must appear exactly once in ${field} (found ${times} times)`,
      );
  });
  return out;
};
