/**
 * TikTok's own rules: one video, or 1 to 35 photos (no GIFs, documents or mixes);
 * a video caption of at most 2200 UTF-16 units; a photo description of at most
 * 4000; the cover index inside the photo list; branded content not private.
 */
import { countMedia, type PlatformValidator, targetText, tooLong } from '../shared/input.ts';
import { utf16Length } from '../shared/text.ts';
import type { TikTokOptions } from './options.ts';

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
  const { text, field } = targetText(target, post);
  const n = utf16Length(text);
  if (isVideo && n > 2200) out.push(tooLong(field, n, 2200, 'characters (the TikTok caption)'));
  if (!isVideo && o.description === undefined && n > 4000)
    out.push(tooLong(field, n, 4000, 'characters (the TikTok photo description)'));
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
