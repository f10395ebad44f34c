/**
 * Fitting a caption to its platforms with the rules publishing itself applies:
 * each platform module's `validate`, run on the caption as a target's content,
 * so X's weighted count, Bluesky's graphemes and bytes, Threads' emoji bytes and
 * the rest are the same ones a post would meet. The numeric limit told to the
 * model is found from those same rules, not from a table of our own.
 */
import type { PlatformRegistry } from '../../platforms/module.ts';
import type { Platform } from '../../platforms/names.ts';

/** The problems publishing would find with `text` as the content of a target on each platform. */
export function textProblems(
  registry: PlatformRegistry,
  platforms: readonly Platform[],
  text: string,
): string[] {
  const out: string[] = [];
  for (const platform of platforms) {
    const problems = registry[platform].validate(
      { platform, accountId: 'caption', content: text },
      { content: text, mediaItems: [] },
    );
    // Only the rules on the text itself (length, forbidden characters), not media or options.
    for (const p of problems) if (p.startsWith('content ')) out.push(`${platform}: ${p}`);
  }
  return out;
}

const CEILING = 100_000;
const limitCache = new WeakMap<PlatformRegistry, Map<Platform, number>>();

/** The most plain characters a platform takes as content (found by searching its own rules). */
export function plainLimit(registry: PlatformRegistry, platform: Platform): number {
  const cache = limitCache.get(registry) ?? new Map<Platform, number>();
  limitCache.set(registry, cache);
  const known = cache.get(platform);
  if (known !== undefined) return known;
  let lo = 0;
  let hi = CEILING;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textProblems(registry, [platform], 'a'.repeat(mid)).length === 0) lo = mid;
    else hi = mid - 1;
  }
  cache.set(platform, lo);
  return lo;
}

/** The strictest of the platforms' limits: a caption within it fits every one of them. */
export function strictestLimit(registry: PlatformRegistry, platforms: readonly Platform[]): number {
  return Math.min(...platforms.map((p) => plainLimit(registry, p)));
}

/**
 * The longest start of `text` that every platform takes, cut at a word boundary
 * when one is near, without dangling punctuation. Empty when nothing fits.
 */
export function trimToFit(registry: PlatformRegistry, platforms: readonly Platform[], text: string): string {
  const chars = [...text];
  const fits = (n: number) => textProblems(registry, platforms, chars.slice(0, n).join('')).length === 0;
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  let cut = chars.slice(0, lo).join('');
  if (lo < chars.length) {
    const space = cut.search(/\s\S*$/);
    if (space > cut.length / 2) cut = cut.slice(0, space);
    cut = cut.replace(/[\s,;:\-–—(]+$/u, '');
  }
  return cut.trim();
}

/** What a model's answer looks like as a caption: no quotes around it, no angle brackets, trimmed. */
export function cleanCaption(text: string): string {
  let out = text.trim();
  if (/^(["'“«]).*(["'”»])$/su.test(out)) out = out.slice(1, -1).trim();
  return out.replace(/[<>]/g, '');
}
