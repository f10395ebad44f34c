import assert from 'node:assert/strict';
import { it } from 'node:test';
import { DEFAULT_REGISTRY } from '../../platforms/registry.ts';
import { cleanCaption, plainLimit, strictestLimit, textProblems, trimToFit } from './fit.ts';

it("finds each platform's text limit from its own validation rules", () => {
  assert.equal(plainLimit(DEFAULT_REGISTRY, 'twitter'), 280);
  assert.equal(plainLimit(DEFAULT_REGISTRY, 'bluesky'), 300);
  assert.equal(plainLimit(DEFAULT_REGISTRY, 'threads'), 500);
  assert.equal(plainLimit(DEFAULT_REGISTRY, 'instagram'), 2200);
  assert.equal(strictestLimit(DEFAULT_REGISTRY, ['linkedin', 'threads', 'instagram']), 500);
});

it('counts as publishing counts: X weighs emoji and URLs, Threads counts emoji bytes', () => {
  const emoji = '🎉'.repeat(141); // 282 on X, 564 on Threads, 141 graphemes on Bluesky
  assert.equal(textProblems(DEFAULT_REGISTRY, ['bluesky'], emoji).length, 0);
  assert.match(textProblems(DEFAULT_REGISTRY, ['twitter'], emoji)[0] ?? '', /^twitter: content is 282/);
  assert.match(textProblems(DEFAULT_REGISTRY, ['threads'], emoji)[0] ?? '', /^threads: content is 564/);
});

it('trims at a word to the longest start every platform takes', () => {
  const text = `${'word '.repeat(100)}end`;
  const cut = trimToFit(DEFAULT_REGISTRY, ['twitter', 'bluesky'], text);
  assert.ok(cut.length <= 280 && cut.length > 270, String(cut.length));
  assert.ok(cut.endsWith('word'));
  assert.equal(trimToFit(DEFAULT_REGISTRY, ['twitter'], 'short'), 'short');
});

it('cleans what models add around a caption', () => {
  assert.equal(cleanCaption('  "Hello <b>world</b>"  '), 'Hello bworld/b');
  assert.equal(cleanCaption('“Quoted”'), 'Quoted');
});
