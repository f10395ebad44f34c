/**
 * YouTube's own rules: exactly one video and nothing else; title at most 100
 * characters without < or >; tags at most 500 characters in total; the
 * description (the post text) at most 5000 bytes without < or >.
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
import { utf8Length } from '../shared/text.ts';
import type { YouTubeOptions } from './options.ts';

/** The description's UTF-8 bytes and YouTube's limit (for counters). */
export const measureYouTube: TextMeasurer = measureWith(utf8Length, 5000, 'bytes (the video description)');

export const validateYouTube: PlatformValidator = (target, post) => {
  const out: string[] = [];
  const o = (target.platformSpecificData ?? {}) as YouTubeOptions;
  const c = countMedia(post.mediaItems);
  if (c.video !== 1 || post.mediaItems.length !== 1)
    out.push(`mediaItems: YouTube needs exactly one video and no other media (got ${describe(c)})`);
  const { text, field } = targetText(target, post);
  out.push(...overLimit(field, measureYouTube(target, post)));
  if (/[<>]/.test(text)) out.push(`${field} must not contain < or > (YouTube refuses them in descriptions)`);
  if (o.title !== undefined && /[<>]/.test(o.title))
    out.push('platformSpecificData.title must not contain < or >');
  if (o.title !== undefined && o.title.trim() === '')
    out.push('platformSpecificData.title must not be blank');
  if (o.tags) {
    const total = o.tags.reduce((n, t) => n + (typeof t === 'string' ? [...t].length : 0), 0);
    if (total > 500) out.push(tooLong('platformSpecificData.tags', total, 500, 'characters in total'));
  }
  return out;
};

function describe(c: Record<string, number>): string {
  const parts = Object.entries(c)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}${n > 1 ? 's' : ''}`);
  return parts.length ? parts.join(', ') : 'none';
}
