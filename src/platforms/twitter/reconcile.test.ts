import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { comparableText } from './reconcile.ts';

describe('X reconcile text matching', () => {
  it('matches the text X stores: t.co links, appended media links, entities', () => {
    assert.equal(
      comparableText('Read https://t.co/abc &amp; more &lt;now&gt; https://t.co/media'),
      comparableText('Read https://example.com/a?b=1 & more <now>'),
    );
    assert.equal(comparableText('https://t.co/media'), comparableText(''));
    assert.notEqual(comparableText('one thing'), comparableText('another thing'));
  });
});
