/** toIso gives back stored times as they are only when a parse and a format would give the same. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toIso } from './time.ts';

const slow = (value: string): string | null => {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

describe('toIso', () => {
  it('answers what parsing and formatting answer, for canonical and other strings', () => {
    const strings = [
      '2026-11-24T21:02:08.123Z',
      '2026-02-29T00:00:00.000Z', // no 29 February in 2026
      '2024-02-29T00:00:00.000Z',
      '2026-02-30T10:00:00.000Z',
      '2026-04-31T10:00:00.000Z',
      '2026-12-31T23:59:59.999Z',
      '2026-12-31T24:00:00.000Z',
      '2026-00-10T00:00:00.000Z',
      '2026-13-10T00:00:00.000Z',
      '2026-01-00T00:00:00.000Z',
      '2026-01-10T00:60:00.000Z',
      '2026-01-10T00:00:00Z',
      '2026-01-10T01:00:00.000+01:00',
      '2026-01-10',
      'not a time',
      '0000-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
    ];
    for (const s of strings) assert.equal(toIso(s), slow(s), s);
    // Every day of a leap year and a common year, at both ends of the day.
    for (const year of [2024, 2026])
      for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000)
        for (const s of [new Date(t).toISOString(), new Date(t + 86_399_999).toISOString()])
          assert.equal(toIso(s), s);
    assert.equal(toIso(null), null);
    assert.equal(toIso(new Date(0)), '1970-01-01T00:00:00.000Z');
  });
});
