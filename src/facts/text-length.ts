/**
 * Text length as each platform counts it. The platforms disagree: X weighs code
 * points (and counts every URL as 23), Bluesky counts graphemes, TikTok counts
 * UTF-16 units, Threads counts emoji by their UTF-8 bytes, most others count
 * characters (code points). Shared by the service (validation) and the simulator
 * (which refuses an over-long post as X does); the service imports it through
 * src/platforms/shared/text.ts.
 */

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Printable ASCII, tabs and newlines (but not CR, which joins LF into one grapheme): one character each. */
const SIMPLE = /^[\t\n\x20-\x7e]*$/;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/** User-perceived characters (Bluesky's 300-grapheme limit). */
export function graphemeLength(text: string): number {
  if (SIMPLE.test(text)) return text.length;
  let n = 0;
  for (const _ of graphemes.segment(text)) n++;
  return n;
}

/** Unicode code points: what most platforms mean by "characters". */
export function codePointLength(text: string): number {
  if (SIMPLE.test(text)) return text.length;
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export const utf8Length = (text: string): number => Buffer.byteLength(text, 'utf8');

/** UTF-16 code units (TikTok's "runes", JavaScript's `length`). */
export const utf16Length = (text: string): number => text.length;

/** Threads: characters, except that an emoji counts as many as its UTF-8 bytes. */
export function threadsLength(text: string): number {
  if (SIMPLE.test(text)) return text.length;
  let n = 0;
  for (const { segment } of graphemes.segment(text)) {
    n += EMOJI.test(segment) ? utf8Length(segment) : codePointLength(segment);
  }
  return n;
}

// X's published weighting (twitter-text configuration v3): code points in these
// ranges weigh 1, every other code point 2; an emoji sequence weighs 2; a URL weighs 23.
const X_SCALE = 100;
const X_DEFAULT_WEIGHT = 200;
const X_URL_LENGTH = 23;
const X_LIGHT_RANGES: readonly [number, number][] = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];

// Top-level domains recognised without a scheme (the common ones; X's list is longer).
const BARE_TLDS =
  'com|net|org|edu|gov|io|co|ai|app|dev|me|info|biz|tv|ly|gl|gg|xyz|site|online|shop|blog|news|uk|us|de|fr|es|it|nl|eu|ca|au|jp|cn|in|br|ru|ch|se|no|dk|fi|pl|be|at|nz|ie|pt|mx|ar|kr|tw|hk|sg';
const URL_PATTERN = new RegExp(
  String.raw`(?:https?:\/\/[^\s<>"]+)|(?<![\w@.\-/])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:${BARE_TLDS})(?![\w-])(?::\d{1,5})?(?:\/[^\s<>"]*)?`,
  'giu',
);
// Punctuation that ends a sentence rather than the URL.
const TRAILING = /[.,;:!?'")\]}]+$/u;

/** The URLs X would shorten to t.co links, as [start, end) UTF-16 offsets. */
export function findUrls(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(URL_PATTERN)) {
    const raw = m[0];
    const trimmed = raw.replace(TRAILING, '');
    if (trimmed.length === 0) continue;
    const start = m.index ?? 0;
    out.push([start, start + trimmed.length]);
  }
  return out;
}

function codePointWeight(cp: number): number {
  for (const [lo, hi] of X_LIGHT_RANGES) if (cp >= lo && cp <= hi) return X_SCALE;
  return X_DEFAULT_WEIGHT;
}

function weighSpan(text: string): number {
  if (SIMPLE.test(text)) return text.length * X_SCALE;
  let total = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (EMOJI.test(segment)) {
      total += X_DEFAULT_WEIGHT;
      continue;
    }
    for (const ch of segment) total += codePointWeight(ch.codePointAt(0) ?? 0);
  }
  return total;
}

/** X's weighted length of a post (the limit for most accounts is 280). */
export function xWeightedLength(input: string): number {
  const text = input.normalize('NFC');
  let total = 0;
  let at = 0;
  for (const [start, end] of findUrls(text)) {
    total += weighSpan(text.slice(at, start)) + X_URL_LENGTH * X_SCALE;
    at = end;
  }
  total += weighSpan(text.slice(at));
  return Math.floor(total / X_SCALE);
}
