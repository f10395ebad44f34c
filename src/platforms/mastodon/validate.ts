/**
 * Mastodon's rules that hold on every instance: a status has text, media or a poll;
 * a poll goes without media; media are images, GIFs or videos (no documents); alt
 * text at most one per item. The numbers (characters, media per status, poll
 * options, sizes) are each instance's own: the account's instance limits are
 * checked at create (`checkMastodonLimits`, from the limits read when it was
 * connected) and again before publishing, from the instance itself.
 */
import type { PlatformValidator, TextMeasurer } from '../shared/input.ts';
import { targetText } from '../shared/input.ts';
import { countMastodon, type InstanceLimits, MASTODON_DEFAULT_LIMITS, overInstanceLimits } from './limits.ts';
import type { MastodonOptions } from './options.ts';

/** The text as Mastodon counts it, against the default limit (the account's instance may allow more). */
export const measureMastodon: TextMeasurer = (target, post) => ({
  length: countMastodon(targetText(target, post).text, MASTODON_DEFAULT_LIMITS),
  limit: MASTODON_DEFAULT_LIMITS.maxCharacters,
  unit: "characters (links count 23; the account's instance may allow more)",
});

export const validateMastodon: PlatformValidator = (target, post) => {
  const out: string[] = [];
  const o = (target.platformSpecificData ?? {}) as MastodonOptions;
  const { text, field } = targetText(target, post);
  const media = post.mediaItems;
  if (text.trim() === '' && media.length === 0 && !o.poll)
    out.push(`${field} is empty and there is no media or poll`);
  if (o.poll && media.length > 0) out.push('platformSpecificData.poll can not go with media on Mastodon');
  media.forEach((m, i) => {
    if (m.type === 'document')
      out.push(`mediaItems[${i}]: Mastodon takes images, GIFs and videos, not documents`);
  });
  if (o.altText && o.altText.length > media.length)
    out.push(`platformSpecificData.altText has ${o.altText.length} entries for ${media.length} media items`);
  (o.threadItems ?? []).forEach((item, i) => {
    if (!item) return;
    if (item.content.trim() === '' && (item.mediaItems ?? []).length === 0)
      out.push(`platformSpecificData.threadItems[${i}] is empty`);
    (item.mediaItems ?? []).forEach((m, j) => {
      if (m.type === 'document')
        out.push(`platformSpecificData.threadItems[${i}].mediaItems[${j}]: Mastodon takes no documents`);
    });
  });
  return out;
};

/** The target against one instance's limits (create, with the limits kept on the account). */
export function checkMastodonLimits(
  limits: InstanceLimits,
  target: Parameters<PlatformValidator>[0],
  post: Parameters<PlatformValidator>[1],
): string[] {
  const o = (target.platformSpecificData ?? {}) as MastodonOptions;
  const { text, field } = targetText(target, post);
  const out = overInstanceLimits(
    limits,
    { text, spoiler: o.spoilerText, media: post.mediaItems.length, poll: o.poll, alt: o.altText },
    field,
  );
  (o.threadItems ?? []).forEach((item, i) => {
    if (item)
      out.push(
        ...overInstanceLimits(
          limits,
          { text: item.content, media: (item.mediaItems ?? []).length },
          `platformSpecificData.threadItems[${i}].content`,
        ),
      );
  });
  return out;
}
