/**
 * Discord's own rules for a webhook message: text up to 2,000 characters (Unicode
 * code points, as Discord counts them); something to show (text, an embed or a
 * file); at most 10 embeds holding 6,000 characters of text together; at most 10
 * files. A forum channel's post needs `threadName`, which only the channel knows, so
 * Discord says so at publish time.
 */
import { overLimit, type PlatformValidator, type TextMeasurer, targetText } from '../shared/input.ts';
import { DISCORD_MEDIA_RULES as R } from './media-rules.ts';
import type { DiscordOptions } from './options.ts';

export const codePoints = (s: string): number => [...s].length;

export const measureDiscord: TextMeasurer = (target, post) => ({
  length: codePoints(targetText(target, post).text),
  limit: R.contentMax,
  unit: 'characters',
});

/** The characters of embed text Discord counts against its 6,000 total. */
export function embedText(embeds: NonNullable<DiscordOptions['embeds']>): number {
  let n = 0;
  for (const e of embeds) {
    n += codePoints(e.title ?? '') + codePoints(e.description ?? '');
    n += codePoints(e.footer?.text ?? '') + codePoints(e.author?.name ?? '');
    for (const f of e.fields ?? []) n += codePoints(f.name) + codePoints(f.value);
  }
  return n;
}

export const validateDiscord: PlatformValidator = (target, post) => {
  const out: string[] = [];
  const { text, field } = targetText(target, post);
  const o = (target.platformSpecificData ?? {}) as DiscordOptions;
  out.push(...overLimit(field, measureDiscord(target, post)));
  const embeds = o.embeds ?? [];
  if (text.trim() === '' && embeds.length === 0 && post.mediaItems.length === 0)
    out.push(`${field} is empty and there is no embed and no media`);
  const total = embedText(embeds);
  if (total > R.embedsTotalMax)
    out.push(
      `platformSpecificData.embeds hold ${total} characters of text together; Discord takes at most ${R.embedsTotalMax}`,
    );
  embeds.forEach((e, i) => {
    if (!e.title && !e.description && !e.fields?.length && !e.image && !e.thumbnail && !e.author)
      out.push(
        `platformSpecificData.embeds[${i}] is empty: give it a title, description, fields or an image`,
      );
  });
  if (post.mediaItems.length > R.attachmentsMax)
    out.push(
      `mediaItems: a Discord message takes at most ${R.attachmentsMax} files (got ${post.mediaItems.length})`,
    );
  return out;
};
