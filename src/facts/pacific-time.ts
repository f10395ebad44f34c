/**
 * Google's daily API quotas (YouTube Data API) reset at midnight Pacific time.
 * The simulator keys its quota counters by the Pacific day and the YouTube
 * adapter waits until the next Pacific midnight after `quotaExceeded`, so both
 * read the day boundary here.
 */

const ZONE = 'America/Los_Angeles';
const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

function local(ms: number): { y: number; m: number; d: number; h: number } {
  const p = Object.fromEntries(parts.formatToParts(ms).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour) };
}

/** The Pacific calendar day of an instant, `YYYY-MM-DD`. */
export function pacificDay(ms: number): string {
  const { y, m, d } = local(ms);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The instant of the next midnight in Pacific time after `ms`. Midnight is never
 * skipped or repeated by US daylight-saving changes (they happen at 02:00), so
 * it is 07:00 or 08:00 UTC of the next Pacific day.
 */
export function nextPacificMidnight(ms: number): number {
  const { y, m, d } = local(ms);
  for (const offsetHours of [7, 8]) {
    const candidate = Date.UTC(y, m - 1, d + 1, offsetHours);
    const at = local(candidate);
    if (at.h === 0 && candidate > ms) return candidate;
  }
  return Date.UTC(y, m - 1, d + 1, 8);
}
