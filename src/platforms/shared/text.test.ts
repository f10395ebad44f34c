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

describe('other counts', () => {
  it('counts graphemes for Bluesky', () => {
    assert.equal(graphemeLength('👨‍👩‍👧‍👦e\u0301'), 2);
  });
  it('counts emoji by their UTF-8 bytes for Threads', () => {
    assert.equal(threadsLength('ab👍'), 2 + 4);
  });
});
