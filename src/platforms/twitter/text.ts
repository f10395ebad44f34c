/**
 * X's weighted length (twitter-text v3 rules): code points in the Latin and
 * general-punctuation ranges weigh 1, everything else (CJK, most symbols) 2,
 * an emoji sequence 2 whatever its code points, and every URL 23.
 */
export const X_MAX_WEIGHTED_LENGTH = 280;
const URL_WEIGHT = 23;
const LIGHT_RANGES: readonly [number, number][] = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];
const URL_PATTERN =
  /\bhttps?:\/\/[^\s]+|\b(?:[a-z0-9-]+\.)+(?:com|org|net|io|co|dev|app|me|ly|gl)(?:\/[^\s]*)?/gi;
const EMOJI = /\p{Extended_Pictographic}/u;
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

const codePointWeight = (cp: number) => (LIGHT_RANGES.some(([a, b]) => cp >= a && cp <= b) ? 1 : 2);

function plainWeight(text: string): number {
  let total = 0;
  for (const { segment } of segmenter.segment(text)) {
    if (EMOJI.test(segment)) total += 2;
    else for (const ch of segment) total += codePointWeight(ch.codePointAt(0) ?? 0);
  }
  return total;
}

/** The length X counts against the 280 limit. */
export function weightedLength(text: string): number {
  let total = 0;
  let last = 0;
  for (const match of text.normalize('NFC').matchAll(URL_PATTERN)) {
    total += plainWeight(text.slice(last, match.index)) + URL_WEIGHT;
    last = match.index + match[0].length;
  }
  return total + plainWeight(text.slice(last));
}
