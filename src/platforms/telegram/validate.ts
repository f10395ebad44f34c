/**
 * Telegram's own rules: a text message up to 4,096 characters; with media the text
 * is a caption of up to 1,024; an album (several items) has 2 to 10 items, and
 * documents go in an album only with documents. Characters are UTF-16 code units,
 * as Telegram counts them.
 */
import {
  countMedia,
  overLimit,
  type PlatformValidator,
  type TextMeasurer,
  targetText,
} from '../shared/input.ts';
import { TELEGRAM_MEDIA_RULES as R } from './media-rules.ts';

export const measureTelegram: TextMeasurer = (target, post) => {
  const { text } = targetText(target, post);
  const limit = post.mediaItems.length > 0 ? R.captionMax : R.textMax;
  return { length: text.length, limit, unit: 'characters (UTF-16 code units)' };
};

export const validateTelegram: PlatformValidator = (target, post) => {
  const out: string[] = [];
  const { text, field } = targetText(target, post);
  const media = post.mediaItems;
  const m = measureTelegram(target, post);
  if (m && m.length > m.limit && media.length > 0)
    out.push(`${field} is ${m.length} characters; a Telegram caption takes at most ${R.captionMax}`);
  else out.push(...overLimit(field, m));
  if (text.trim() === '' && media.length === 0) out.push(`${field} is empty and there is no media`);
  if (media.length > R.albumMax)
    out.push(`mediaItems: a Telegram album takes at most ${R.albumMax} items (got ${media.length})`);
  const c = countMedia(media);
  if (media.length > 1 && c.document > 0 && c.document < media.length)
    out.push('mediaItems: a Telegram album puts documents only with documents, not with photos or videos');
  if (media.length > 1 && c.gif > 0)
    out.push('mediaItems: a Telegram album can not hold a GIF (send it alone, as an animation)');
  return out;
};
