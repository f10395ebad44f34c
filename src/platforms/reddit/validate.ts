/**
 * Reddit's own rules: a subreddit and a title (the options schema requires both;
 * the title at most 300 characters), a text post's body at most 40,000
 * characters, at most one media item (an image, a GIF or a video: galleries are
 * not offered), no media with a link, an https link. The subreddit's own rules
 * are checked too when this process read them recently (rules.ts); the
 * create-time check (check.ts) reads the others.
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
import { redditOptions } from './options.ts';
import { keptRules, kindOf, rulesProblems } from './rules.ts';

/** Reddit's limit on a text post's body. */
export const SELF_TEXT_LIMIT = 40_000;

export const measureReddit: TextMeasurer = (target, post) =>
  kindOf(target, post) === 'self'
    ? measureWith(codePointLength, SELF_TEXT_LIMIT, 'characters (the text post body)')(target, post)
    : null;

export const validateReddit: PlatformValidator = (target, post) => {
  const out: string[] = [];
  const o = redditOptions((target.platformSpecificData ?? {}) as Record<string, unknown>);
  if (!o.subreddit) out.push('platformSpecificData.subreddit is required: the subreddit to post in');
  if (!o.title?.trim()) out.push('platformSpecificData.title is required: every Reddit post has a title');
  const c = countMedia(post.mediaItems);
  if (post.mediaItems.length > 1)
    out.push(
      `mediaItems: a Reddit post takes one image or one video (got ${post.mediaItems.length}); galleries are not offered`,
    );
  if (c.document > 0) out.push('mediaItems: Reddit does not take documents');
  if (o.url !== undefined && post.mediaItems.length > 0)
    out.push(
      'platformSpecificData.url makes a link post, which takes no media: leave out the url or the media',
    );
  if (o.url !== undefined && !/^https:\/\//i.test(o.url))
    out.push('platformSpecificData.url must be an https:// URL');
  const { field } = targetText(target, post);
  out.push(...overLimit(field, measureReddit(target, post)));
  if (o.subreddit && out.length === 0) {
    const rules = keptRules(o.subreddit);
    if (rules) out.push(...rulesProblems(rules, target, post, targetText(target, post).text));
  }
  return out;
};
