/**
 * TikTok's own rules: one video, or 1 to 35 photos (no GIFs, documents or mixes);
 * a video caption of at most 2200 UTF-16 units; a photo description of at most
 * 4000; the cover index inside the photo list; branded content not private.
 */
import {
  countMedia,
  overLimit,
  type PlatformValidator,
  type TextMeasurer,
  targetText,
} from '../shared/input.ts';
import { utf16Length } from '../shared/text.ts';
import type { TikTokOptions } from './options.ts';

/**
 * The text's UTF-16 length and its limit: the caption of a video, or the description
 * of a photo post; none when platformSpecificData.description replaces the text.
 */
export const measureTikTok: TextMeasurer = (target, post) => {
  const isVideo = post.mediaItems.some((m) => m.type === 'video');
  const length = utf16Length(targetText(target, post).text);
  if (isVideo) return { length, limit: 2200, unit: 'characters (the TikTok caption)' };
  if ((target.platformSpecificData as TikTokOptions | undefined)?.description !== undefined) return null;
  return { length, limit: 4000, unit: 'characters (the TikTok photo description)' };
};

export const validateTikTok: PlatformValidator = (target, post) => {
  const out: string[] = [];
  const o = (target.platformSpecificData ?? {}) as TikTokOptions;
  const c = countMedia(post.mediaItems);
  const isVideo = c.video > 0;
  if (c.document > 0 || c.gif > 0)
    out.push('mediaItems: TikTok accepts videos and images only (no GIFs or documents)');
  if (post.mediaItems.length === 0) out.push('mediaItems: TikTok needs a video or at least one image');
  else if (isVideo && post.mediaItems.length > 1)
    out.push('mediaItems: a TikTok video post takes exactly one video and no other media');
  else if (c.image > 35) out.push(`mediaItems: TikTok takes at most 35 photos (got ${c.image})`);
  const { field } = targetText(target, post);
  out.push(...overLimit(field, measureTikTok(target, post)));
  if (o.photoCoverIndex !== undefined) {
    if (!Number.isInteger(o.photoCoverIndex))
      out.push('platformSpecificData.photoCoverIndex must be an integer');
    else if (!isVideo && c.image > 0 && o.photoCoverIndex >= c.image)
      out.push(`platformSpecificData.photoCoverIndex must be below the number of photos (${c.image})`);
  }
  if (o.brandContentToggle === true && o.privacyLevel === 'SELF_ONLY')
    out.push(
      'platformSpecificData.brandContentToggle (branded content) can not be combined with privacyLevel SELF_ONLY',
    );
  return out;
};
