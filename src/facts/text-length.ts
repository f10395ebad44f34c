/**
 * Text length as each platform counts it. The platforms disagree: X weighs code
 * points (and counts every URL as 23), Bluesky counts graphemes, TikTok counts
 * UTF-16 units, Threads counts emoji by their UTF-8 bytes, most others count
 * characters (code points). Shared by the service (validation) and the simulator
 * (which refuses an over-long post as X does); the service imports it through
 * src/platforms/shared/text.ts.
 */

import { createRequire } from 'node:module';

type TwitterText = typeof import('twitter-text');
/**
 * twitter-text (CommonJS, with its own copy of core-js) is required on the first X
 * length or URL question rather than imported with this module: loading it cost about
 * half a second and 20 MB of every process's start-up, most of which never ask.
 * Required synchronously, so the functions below stay synchronous.
 */
let twitterTextModule: TwitterText | null = null;
const twitterText = (): TwitterText => {
  twitterTextModule ??= createRequire(import.meta.url)('twitter-text') as TwitterText;
  return twitterTextModule;
};

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

// X's own rules: the twitter-text package with its v3 configuration (code point
// ranges weighing 1, everything else 2, emoji sequences 2, NFC normalization) and
// its full top-level-domain list for URLs without a scheme, each URL weighing 23.
// Tested on cases of X's conformance suite (src/platforms/shared/text.test.ts).

/** The URLs X would shorten to t.co links, as [start, end) UTF-16 offsets. */
export function findUrls(text: string): [number, number][] {
  return twitterText()
    .extractUrlsWithIndices(text, { extractUrlsWithoutProtocol: true })
    .map(({ indices }) => [indices[0], indices[1]] as [number, number]);
}

/** X's weighted length of a post (the limit for most accounts is 280). */
export function xWeightedLength(input: string): number {
  return twitterText().parseTweet(input).weightedLength;
}
