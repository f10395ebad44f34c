/**
 * Reads the scheduling fields of a request: exactly one of `publishNow: true` or
 * `scheduledFor`; a `scheduledFor` without an offset is wall-clock time in
 * `timezone` (IANA, default UTC); a time that is not in the future is refused.
 *
 * Local times that daylight saving makes odd are read as calendars read them:
 * a time inside a gap (02:30 on the night New York springs forward) does not
 * exist and is moved forward by the gap's length (03:30); a time that happens
 * twice (01:30 on the night clocks fall back) is its first occurrence.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The formatter of a zone, or null when the zone is unknown. It writes only the
 * zone's offset ("…, GMT+02:00"): one short string per instant is the cheapest
 * way Intl tells the offset, and create asks it a few times per scheduled post.
 */
function zoneFormat(timeZone: string): Intl.DateTimeFormat | null {
  let f = formats.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    } catch {
      return null;
    }
    if (formats.size > 1000) formats.clear();
    formats.set(timeZone, f);
  }
  return f;
}

export const isKnownTimeZone = (tz: string): boolean => tz.length <= 100 && zoneFormat(tz) !== null;

// "GMT" alone is UTC; historic local mean times carry seconds ("GMT-04:56:02").
const OFFSET = /GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function zoneOffset(f: Intl.DateTimeFormat, utcMs: number): number {
  const text = f.format(utcMs);
  const m = OFFSET.exec(text);
  if (!m) throw new Error(`unexpected time zone offset "${text}"`);
  if (!m[1]) return 0;
  const ms = (Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0)) * 1000;
  return m[1] === '-' ? -ms : ms;
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|z|[+-]\d{2}:?\d{2})?$/;

/** The UTC instant of `value`, or a message saying what is wrong with it. */
export function parseScheduledFor(value: string, timeZone: string): Date | string {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return `scheduledFor "${value}" is not an ISO 8601 date-time such as 2026-12-01T09:00:00`;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as number[];
  const ms = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!, ms);
  const check = new Date(wall);
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo! - 1 ||
    check.getUTCDate() !== d ||
    h! > 23 ||
    mi! > 59 ||
    s! > 59
  )
    return `scheduledFor "${value}" is not a real date and time`;
  const offset = m[8];
  if (offset) {
    if (offset === 'Z' || offset === 'z') return check;
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
    if (Number(digits.slice(0, 2)) > 23 || Number(digits.slice(2)) > 59)
      return `scheduledFor "${value}" has an invalid UTC offset`;
    return new Date(wall - sign * minutes * 60_000);
  }
  const f = zoneFormat(timeZone);
  if (!f) return `timezone "${timeZone}" is not a known IANA time zone`;
  return zonedInstant(f, wall);
}

const DAY_MS = 86_400_000;

/**
 * The instant whose wall clock in the zone reads `wall` (given as if it were UTC).
 * The zone's offsets a day either side are the only candidates (no zone changes
 * its offset twice within a day). When several fit (a repeated hour) the earliest
 * wins; when none fits (a skipped hour) the offset from before the change applies,
 * which lands the same distance after the change as the wall time is after its start.
 */
function zonedInstant(f: Intl.DateTimeFormat, wall: number): Date {
  const around = [zoneOffset(f, wall - DAY_MS), zoneOffset(f, wall), zoneOffset(f, wall + DAY_MS)];
  // No change within a day either side (nearly every time): the one offset applies.
  if (around[0] === around[1] && around[1] === around[2]) return new Date(wall - (around[1] as number));
  const offsets = new Set(around);
  const candidates = [...offsets].map((o) => wall - o);
  const fitting = candidates.filter((utc) => wall - zoneOffset(f, utc) === utc);
  if (fitting.length) return new Date(Math.min(...fitting));
  const before = zoneOffset(f, Math.min(...candidates));
  return new Date(wall - before);
}

export interface ScheduleInput {
  publishNow?: boolean;
  scheduledFor?: string;
  timezone?: string;
  /** Take the next free slot of the accounts' posting queue (src/domain/planning). */
  queue?: boolean;
  /** Save as a draft: nothing is published or charged until it is scheduled. */
  draft?: boolean;
}

/** How a post is to be published: now, at a time, in the next queue slot, or not yet (a draft). */
export type ScheduleMode = 'now' | 'at' | 'queue' | 'draft';

export type Schedule = { scheduledFor: Date | null; timezone: string; mode: ScheduleMode };

const MODE_FIELDS = ['publishNow: true', 'scheduledFor', 'queue: true', 'draft: true'] as const;

/** The schedule of a create request, or the problems with it. */
export function readSchedule(input: ScheduleInput, now: Date): Schedule | string[] {
  const problems: string[] = [];
  const timezone = input.timezone ?? 'UTC';
  if (!isKnownTimeZone(timezone))
    problems.push(`timezone "${timezone}" is not a known IANA time zone (e.g. Europe/Paris)`);
  const given = [
    input.publishNow === true,
    input.scheduledFor !== undefined,
    input.queue === true,
    input.draft === true,
  ];
  const count = given.filter(Boolean).length;
  if (count === 2 && given[0] && given[1])
    problems.push('give either publishNow: true or scheduledFor, not both');
  else if (count > 1) problems.push(`give only one of ${MODE_FIELDS.filter((_, i) => given[i]).join(', ')}`);
  if (count === 0)
    problems.push(
      'either publishNow: true or scheduledFor is required (or queue: true for the next queue slot, or draft: true to save a draft)',
    );
  let scheduledFor: Date | null = null;
  if (input.scheduledFor !== undefined && problems.length === 0) {
    const when = futureTime(input.scheduledFor, timezone, now);
    if (typeof when === 'string') problems.push(when);
    else scheduledFor = when;
  }
  if (problems.length) return problems;
  const mode: ScheduleMode = given[1] ? 'at' : given[2] ? 'queue' : given[3] ? 'draft' : 'now';
  return { scheduledFor, timezone, mode };
}

/**
 * How far ahead a post may be scheduled, in calendar years (README "Publishing"):
 * further is almost always a typo (9999 for 2026), and it would hold credits and
 * jobs for years. The platforms' own schedulers stop well before (YouTube and
 * Facebook at months, not years).
 */
export const MAX_SCHEDULE_AHEAD_YEARS = 2;

/** The latest instant a post may be scheduled for, from `now`. */
export function latestScheduleTime(now: Date): Date {
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + MAX_SCHEDULE_AHEAD_YEARS);
  return latest;
}

/** A future instant within MAX_SCHEDULE_AHEAD_YEARS, or the message saying why not. */
export function futureTime(value: string, timezone: string, now: Date): Date | string {
  const when = parseScheduledFor(value, timezone);
  if (typeof when === 'string') return when;
  if (when.getTime() <= now.getTime())
    return `scheduledFor ${when.toISOString()} is in the past (now is ${now.toISOString()})`;
  const latest = latestScheduleTime(now);
  if (when.getTime() > latest.getTime())
    return `scheduledFor ${when.toISOString()} is more than ${MAX_SCHEDULE_AHEAD_YEARS} years ahead (the latest is ${latest.toISOString()})`;
  return when;
}
