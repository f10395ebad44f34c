import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { graphemeLength, threadsLength, xWeightedLength } from './text.ts';

describe('X weighted length', () => {
  it('counts Latin characters once and CJK twice', () => {
    assert.equal(xWeightedLength('a'.repeat(280)), 280);
    assert.equal(xWeightedLength('日本語'), 6);
    assert.equal(xWeightedLength('日'.repeat(140)), 280);
    assert.equal(xWeightedLength('日'.repeat(141)), 282);
  });
  it('counts an emoji sequence as 2, however many code points it has', () => {
    assert.equal(xWeightedLength('👍'), 2);
    assert.equal(xWeightedLength('👨‍👩‍👧‍👦'), 2);
    assert.equal(xWeightedLength('🇫🇷'), 2);
  });
  it('counts every URL as 23, with or without a scheme, excluding trailing punctuation', () => {
    const long = `https://example.com/${'x'.repeat(200)}`;
    assert.equal(xWeightedLength(long), 23);
    assert.equal(xWeightedLength(`see ${long}.`), 4 + 23 + 1);
    assert.equal(xWeightedLength('go to example.com now'), 6 + 23 + 4);
    assert.equal(xWeightedLength('mail me: a@example.com'), 22);
  });
  it('weighs typographic punctuation in the light ranges as 1', () => {
    // U+2014 and U+201C lie in the light ranges; U+2026 (8230) does not.
    assert.equal(xWeightedLength('\u2014\u201c\u2026'), 4);
  });
});

/**
 * Cases of X's own conformance suite (twitter-text's conformance/validate.yml,
 * WeightedTweetsWithDiscountedEmojiCounterTest, v3 configuration), ported by hand:
 * the package does not ship the suite. Texts are built from the originals' parts.
 */
const X_CONFORMANCE: { description: string; text: string; weightedLength: number; valid: boolean }[] = [
  {
    description: 'Long tweet, overflow at char index 280',
    text: `285 chars-${'xxxxxxxxxx-'.repeat(25)}`,
    weightedLength: 285,
    valid: false,
  },
  {
    description: 'Long tweet with url in the middle, overflow at char index 284',
    text: `285 chars- http://www.twitter.com/jack ${'xxxxxxxxxx-'.repeat(24)}`,
    weightedLength: 299,
    valid: false,
  },
  {
    description: 'Long tweet with url at the end, overflow at char index 265',
    text: `${'xxxxxxxxxx-'.repeat(24)} http://www.twitter.com/jack `,
    weightedLength: 289,
    valid: false,
  },
  {
    description: '10 url string, no overflow',
    text: 'https://www.twitter.com/aloha '.repeat(10),
    weightedLength: 240,
    valid: true,
  },
  {
    description: '160 CJK char, overflow at char index 140',
    text: '故人西辞黄鹤楼，烟花三月下扬州。孤帆远影碧空尽，唯见长江天际流。'.repeat(5),
    weightedLength: 320,
    valid: false,
  },
  {
    description: '160 emoji char, overflow at char index 140',
    text: '😷'.repeat(160),
    weightedLength: 320,
    valid: false,
  },
  {
    description: '3 latin char + 160 CJK char, overflow at char index 141',
    text: `the${'故人西辞黄鹤楼，烟花三月下扬州。孤帆远影碧空尽，唯见长江天际流。'.repeat(5)}`,
    weightedLength: 323,
    valid: false,
  },
  { description: "'Á' is normalized into 1 char", text: 'A\u0301B', weightedLength: 2, valid: true },
  {
    description: '282 chars with a normalized character within valid range but outside 280',
    text: `282 chars-${'xxxxxxxxxx-'.repeat(24)}xxxxxA\u0301x`,
    weightedLength: 281,
    valid: false,
  },
  {
    description: 'Count unicode emoji chars inside the basic multilingual plane',
    text: '😷👾😡🔥💩',
    weightedLength: 10,
    valid: true,
  },
  {
    description: 'Handle General Punctuation Characters with visible spaces(u2000-200A)',
    text: 'This is a tweet with general punctuation characters: \u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u200B\u200C\u200D ‐ ‑ ‒ – — ― ‖  ‗ ‘ ’ ‚ ‛ “ ” „ ‟ ′ ″ ‴ ‵ ‶ ‷',
    weightedLength: 112,
    valid: true,
  },
  // From the suite's lengths section (counts that do not depend on the weighting version).
  { description: 'Count the number of characters', text: 'This is a test.', weightedLength: 15, valid: true },
  {
    description: 'Count a URL starting with http:// as 23 characters',
    text: 'http://test.com',
    weightedLength: 23,
    valid: true,
  },
  {
    description: 'Count a URL without protocol as 23 characters',
    text: 'test.com',
    weightedLength: 23,
    valid: true,
  },
  {
    description: 'Count multiple URLs correctly',
    text: 'Test https://test.com test https://test.com test.com test',
    weightedLength: 86,
    valid: true,
  },
];

describe("X's conformance cases", () => {
  for (const c of X_CONFORMANCE) {
    it(c.description, () => {
      assert.equal(xWeightedLength(c.text), c.weightedLength);
      assert.equal(xWeightedLength(c.text) <= 280, c.valid);
    });
  }
  it('knows every top-level domain X does, not only the common ones', () => {
    // A bare domain under a newer or less common TLD is a link X shortens to 23.
    for (const domain of ['example.photography', 'shop.example.museum', 'foo.co.jp', 'example.berlin'])
      assert.equal(xWeightedLength(`see ${domain} now`), 4 + 23 + 4, domain);
    // Not a domain X knows: counted as text.
    assert.equal(xWeightedLength('file.notatld'), 12);
  });
});

describe('other counts', () => {
  it('counts graphemes for Bluesky', () => {
    assert.equal(graphemeLength('👨‍👩‍👧‍👦e\u0301'), 2);
  });
  it('counts emoji by their UTF-8 bytes for Threads', () => {
    assert.equal(threadsLength('ab👍'), 2 + 4);
  });
});
