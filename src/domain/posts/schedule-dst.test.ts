/**
 * Scheduled local times around daylight-saving changes: a time that does not
 * exist moves forward by the gap (as calendars do), a repeated time is its first
 * occurrence. Zones with a one-hour shift on both hemispheres' calendars and one
 * with a 30-minute shift (Lord Howe Island).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseScheduledFor } from './schedule.ts';

const at = (local: string, zone: string) => {
  const d = parseScheduledFor(local, zone);
  assert.ok(d instanceof Date, String(d));
  return d.toISOString();
};

describe('scheduled local times across daylight saving', () => {
  it('moves a time inside a spring-forward gap forward by the gap', () => {
    // New York: 02:00 EST becomes 03:00 EDT; 02:30 is read as 03:30 EDT.
    assert.equal(at('2030-03-10T02:30:00', 'America/New_York'), '2030-03-10T07:30:00.000Z');
    assert.equal(at('2030-03-10T02:00:00', 'America/New_York'), '2030-03-10T07:00:00.000Z');
    assert.equal(at('2030-03-10T02:59:59', 'America/New_York'), '2030-03-10T07:59:59.000Z');
    // Berlin: 02:00 CET becomes 03:00 CEST; 02:30 is 03:30 CEST.
    assert.equal(at('2030-03-31T02:30:00', 'Europe/Berlin'), '2030-03-31T01:30:00.000Z');
    // Lord Howe: 02:00 +10:30 becomes 02:30 +11; 02:15 is 02:45 +11.
    assert.equal(at('2030-10-06T02:15:00', 'Australia/Lord_Howe'), '2030-10-05T15:45:00.000Z');
  });

  it('takes the first occurrence of a repeated time', () => {
    // New York: 01:30 happens in EDT (-4) and again in EST (-5).
    assert.equal(at('2030-11-03T01:30:00', 'America/New_York'), '2030-11-03T05:30:00.000Z');
    // Berlin: 02:30 in CEST (+2) first.
    assert.equal(at('2030-10-27T02:30:00', 'Europe/Berlin'), '2030-10-27T00:30:00.000Z');
    // Lord Howe: 01:45 in +11 first, then again in +10:30.
    assert.equal(at('2030-04-07T01:45:00', 'Australia/Lord_Howe'), '2030-04-06T14:45:00.000Z');
  });

  it('reads ordinary times and the times next to a change exactly', () => {
    assert.equal(at('2030-03-10T01:59:00', 'America/New_York'), '2030-03-10T06:59:00.000Z');
    assert.equal(at('2030-03-10T03:00:00', 'America/New_York'), '2030-03-10T07:00:00.000Z');
    assert.equal(at('2030-11-03T00:59:00', 'America/New_York'), '2030-11-03T04:59:00.000Z');
    assert.equal(at('2030-11-03T02:00:00', 'America/New_York'), '2030-11-03T07:00:00.000Z');
    assert.equal(at('2030-07-01T09:00:00', 'Asia/Kolkata'), '2030-07-01T03:30:00.000Z');
    assert.equal(at('2030-07-01T09:00:00', 'Asia/Kathmandu'), '2030-07-01T03:15:00.000Z');
    assert.equal(at('2030-01-15T12:00:00', 'UTC'), '2030-01-15T12:00:00.000Z');
    assert.equal(at('2030-01-15T12:00:00', 'Pacific/Chatham'), '2030-01-14T22:15:00.000Z');
  });

  it('reads every zone Intl knows back to the same wall clock, at every hour of sample days', () => {
    // The wall clock of an instant as Intl spells it in full: the reference the offset must agree with.
    const wallOf = (zone: string, d: Date) => {
      const f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
      return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
    };
    let checked = 0;
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      for (const day of ['2031-01-15', '2031-07-15', '2031-03-30', '2031-10-26']) {
        for (let hour = 0; hour < 24; hour += 5) {
          const local = `${day}T${String(hour).padStart(2, '0')}:30`;
          const d = parseScheduledFor(`${local}:00`, zone);
          assert.ok(d instanceof Date, `${zone} ${local}: ${String(d)}`);
          // A local time in a gap moves forward; every other one reads back unchanged.
          const back = wallOf(zone, d);
          assert.ok(back >= local, `${zone} ${local} read back as ${back}`);
          if (back !== local)
            assert.ok(Date.parse(`${back}Z`) - Date.parse(`${local}Z`) <= 3_600_000, `${zone} ${local}`);
          checked++;
        }
      }
    }
    assert.ok(checked > 5000, `only ${checked} checked`);
  });
});
