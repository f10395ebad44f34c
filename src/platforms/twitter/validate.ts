/**
 * X's own rules: 280 weighted characters per post (URLs count 23, CJK and emoji 2),
 * up to 4 images or 1 GIF or 1 video, polls without media or threads, poll options
 * of 1 to 25 characters, numeric community ids.
 */
import {
  countMedia,
  type MediaInput,
  measureWith,
  overLimit,
  type PlatformValidator,
  type TextMeasurer,
  targetText,
  tooLong,
} from '../shared/input.ts';
import { xWeightedLength } from '../shared/text.ts';
import type { TwitterOptions } from './options.ts';

const LIMIT = 280;
/** What X takes from an eligible (Premium) account with `longPost` (PostPeer's and X's figure). */
export const LONG_POST_LIMIT = 25_000;

function mediaProblems(media: readonly MediaInput[], field: string): string[] {
  const c = countMedia(media);
  const out: string[] = [];
  if (c.document > 0) out.push(`${field}: X does not accept documents`);
  const kinds = (c.image > 0 ? 1 : 0) + (c.gif > 0 ? 1 : 0) + (c.video > 0 ? 1 : 0);
  if (kinds > 1) out.push(`${field}: X takes up to 4 images, or 1 GIF, or 1 video, not a mix`);
  else if (c.image > 4) out.push(`${field}: X takes at most 4 images (got ${c.image})`);
  else if (c.gif > 1) out.push(`${field}: X takes at most 1 GIF (got ${c.gif})`);
  else if (c.video > 1) out.push(`${field}: X takes at most 1 video (got ${c.video})`);
  return out;
}

const UNIT = 'characters as X counts them (URLs 23, CJK and emoji 2)';
const measureShort = measureWith(xWeightedLength, LIMIT, UNIT);
const measureLong = measureWith(xWeightedLength, LONG_POST_LIMIT, UNIT);

/** X's weighted length and its limit (for counters): 25,000 with `longPost`, else 280. */
export const measureTwitter: TextMeasurer = (target, post) =>
  ((target.platformSpecificData ?? {}) as TwitterOptions).longPost === true
    ? measureLong(target, post)
    : measureShort(target, post);

export const validateTwitter: PlatformValidator = (target, post) => {
  const out: string[] = [];
  const o = (target.platformSpecificData ?? {}) as TwitterOptions;
  const { text, field } = targetText(target, post);
  out.push(...overLimit(field, measureTwitter(target, post)));
  out.push(...mediaProblems(post.mediaItems, 'mediaItems'));

  if (o.poll) {
    if (post.mediaItems.length > 0) out.push('platformSpecificData.poll can not be combined with mediaItems');
    if (o.threadItems && o.threadItems.length > 0)
      out.push('platformSpecificData.poll can not be combined with platformSpecificData.threadItems');
    o.poll.options?.forEach((option, i) => {
      const n = codePoints(option);
      if (n < 1 || n > 25)
        out.push(`platformSpecificData.poll.options[${i}] must be 1 to 25 characters (got ${n})`);
    });
  }
  o.threadItems?.forEach((item, i) => {
    if (!item) return;
    const where = `platformSpecificData.threadItems[${i}]`;
    if (typeof item.content === 'string') {
      const n = xWeightedLength(item.content);
      if (n > LIMIT) out.push(tooLong(`${where}.content`, n, LIMIT, 'characters as X counts them'));
      if (item.content.trim() === '' && !item.mediaItems?.length)
        out.push(`${where} needs content or mediaItems`);
    }
    if (item.mediaItems) out.push(...mediaProblems(item.mediaItems, `${where}.mediaItems`));
  });
  if (o.communityId !== undefined && !/^[0-9]{1,19}$/.test(o.communityId))
    out.push('platformSpecificData.communityId must be the numeric id of an X Community');
  if (o.shareWithFollowers !== undefined && o.communityId === undefined)
    out.push('platformSpecificData.shareWithFollowers applies only with platformSpecificData.communityId');
  if (text.trim() === '' && post.mediaItems.length === 0)
    out.push(`${field} is empty and there is no media: X needs text or media`);
  return out;
};

const codePoints = (s: string) => [...s].length;
