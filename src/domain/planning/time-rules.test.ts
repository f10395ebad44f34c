import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addMonths } from './local-time.ts';
import { nextStep, occurrenceAt } from './recurrence.ts';
import { slotInstants } from './weekly-slots.ts';

const take = <T>(gen: Generator<T>, n: number): T[] => {
  const out: T[] = [];
  for (const v of gen) {
    out.push(v);
    if (out.length >= n) break;
  }
  return out;
};

describe('weekly queue slots', () => {
  it('keep their local time across a daylight-saving change', () => {
    // Europe/Berlin leaves summer time on Sunday 2026-10-25.
    const slots = take(
      slotInstants([{ day: 'monday', time: '09:00' }], 'Europe/Berlin', new Date('2026-10-15T00:00:00Z')),
      2,
    );
    assert.deepEqual(
      slots.map((d) => d.toISOString()),
      ['2026-10-19T07:00:00.000Z', '2026-10-26T08:00:00.000Z'],
    );
  });

  it('move a slot inside a spring-forward gap forward by the gap, as scheduledFor does', () => {
    // New York skips 02:00-03:00 on Sunday 2027-03-14.
    const [gap] = take(
      slotInstants([{ day: 'sunday', time: '02:30' }], 'America/New_York', new Date('2027-03-10T00:00:00Z')),
      1,
    );
    assert.equal(gap?.toISOString(), '2027-03-14T07:30:00.000Z'); // 03:30 EDT
  });

  it('start after the given moment, in time order, across days', () => {
    const from = new Date('2026-11-30T08:30:00Z'); // a Monday, 08:30 UTC
    const got = take(
      slotInstants(
        [
          { day: 'monday', time: '08:00' },
          { day: 'monday', time: '09:00' },
          { day: 'tuesday', time: '07:00' },
        ],
        'UTC',
        from,
      ),
      3,
    );
    assert.deepEqual(
      got.map((d) => d.toISOString()),
      ['2026-11-30T09:00:00.000Z', '2026-12-01T07:00:00.000Z', '2026-12-07T08:00:00.000Z'],
    );
  });

  it('yield nothing for an empty schedule', () => {
    assert.deepEqual(take(slotInstants([], 'UTC', new Date()), 1), []);
  });
});

describe('recurrence', () => {
  it('falls on the last day of shorter months and back on the 31st', () => {
    assert.equal(addMonths('2027-01-31', 1), '2027-02-28');
    assert.equal(addMonths('2028-01-31', 1), '2028-02-29');
    const anchor = new Date('2027-01-31T10:00:00Z');
    const rule = { every: 1, unit: 'month' as const };
    assert.equal(occurrenceAt(rule, anchor, 'UTC', 1).toISOString(), '2027-02-28T10:00:00.000Z');
    assert.equal(occurrenceAt(rule, anchor, 'UTC', 2).toISOString(), '2027-03-31T10:00:00.000Z');
  });

  it('keeps the local time of day across daylight saving', () => {
    const anchor = new Date('2026-10-20T07:00:00Z'); // 09:00 in Berlin, summer time
    const rule = { every: 1, unit: 'week' as const };
    assert.equal(occurrenceAt(rule, anchor, 'Europe/Berlin', 1).toISOString(), '2026-10-27T08:00:00.000Z');
  });

  it('skips times already past and stops after until', () => {
    const anchor = new Date('2026-01-01T12:00:00Z');
    const rule = { every: 1, unit: 'day' as const, until: '2026-01-10' };
    const next = nextStep(rule, anchor, 'UTC', 0, new Date('2026-01-05T13:00:00Z'));
    assert.deepEqual(next, { step: 5, at: new Date('2026-01-06T12:00:00Z') });
    assert.equal(nextStep(rule, anchor, 'UTC', 9, new Date('2026-01-05T13:00:00Z')), null);
  });
});
