import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AppError } from '../../errors.ts';
import { parseRange } from './range.ts';

it('reads one byte range as RFC 9110 defines it', () => {
  assert.deepEqual(parseRange('bytes=0-99', 1000), { start: 0, end: 99 });
  assert.deepEqual(parseRange('bytes=900-', 1000), { start: 900, end: 999 });
  assert.deepEqual(parseRange('bytes=-100', 1000), { start: 900, end: 999 });
  assert.deepEqual(parseRange('bytes=-5000', 1000), { start: 0, end: 999 });
  assert.deepEqual(
    parseRange('bytes=990-5000', 1000),
    { start: 990, end: 999 },
    'an end past the file is clipped',
  );
});

it('ignores what it may ignore (whole file), and refuses a range outside the file with 416', () => {
  for (const h of [undefined, '', 'items=0-1', 'bytes=0-1,5-9', 'bytes=5-1', 'bytes=-', 'bytes=a-b'])
    assert.equal(parseRange(h, 1000), undefined, String(h));
  for (const [h, size] of [
    ['bytes=1000-', 1000],
    ['bytes=-0', 1000],
    ['bytes=0-', 0],
  ] as const) {
    assert.throws(
      () => parseRange(h, size),
      (e: unknown) =>
        e instanceof AppError && e.status === 416 && e.headers['content-range'] === `bytes */${size}`,
      h,
    );
  }
});
