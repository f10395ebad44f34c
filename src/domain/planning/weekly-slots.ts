/**
 * A posting queue's weekly schedule: time slots (weekday + local time) in an
 * IANA zone, and the instants they fall on from a given moment on.
 */
import { addDays, localDateTime, localInstant, WEEKDAYS, type Weekday, weekdayOf } from './local-time.ts';

export interface WeeklySlot {
  day: Weekday;
  /** HH:MM, 24-hour local time. */
  time: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** At most this many slots a week (one every ten minutes, far beyond any posting plan). */
export const MAX_WEEKLY_SLOTS = 1008;

/** How far ahead a queue looks for a free slot. */
export const QUEUE_HORIZON_DAYS = 366;

/** Problems of a weekly schedule as given, each naming its slot. */
export function slotProblems(slots: readonly WeeklySlot[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  slots.forEach((s, i) => {
    if (!TIME.test(s.time))
      problems.push(`slots[${i}].time "${s.time}" is not a 24-hour time HH:MM such as 09:30`);
    const key = `${s.day} ${s.time}`;
    if (seen.has(key)) problems.push(`slots[${i}] (${key}) is listed twice`);
    seen.add(key);
  });
  if (slots.length > MAX_WEEKLY_SLOTS)
    problems.push(`a queue holds at most ${MAX_WEEKLY_SLOTS} slots a week`);
  return problems;
}

/** The slots in week order (monday first, as people read a week), then by time. */
export function sortSlots(slots: readonly WeeklySlot[]): WeeklySlot[] {
  const order = (d: Weekday) => (WEEKDAYS.indexOf(d) + 6) % 7;
  return [...slots].sort((a, b) => order(a.day) - order(b.day) || a.time.localeCompare(b.time));
}

/**
 * The instants of one local day's slot times in a zone, sorted, remembered:
 * every queued create walks the queue's slots from now on, the same days come up
 * again and again, and each fresh instant costs a few calls into Intl.
 */
const days = new Map<string, number[]>();

/** A weekday's slot times, sorted, and the key naming them in the cache of days. */
interface DayTimes {
  times: string[];
  key: string;
}

function dayInstants(date: string, { times, key: timesKey }: DayTimes, timeZone: string): number[] {
  const key = `${timeZone}|${date}|${timesKey}`;
  let out = days.get(key);
  if (out === undefined) {
    out = times.map((t) => localInstant(date, t, timeZone).getTime()).sort((a, b) => a - b);
    if (days.size >= 50_000) days.clear();
    days.set(key, out);
  }
  return out;
}

/**
 * The instants of the schedule's slots after `from` and not in `taken`, in time
 * order, up to QUEUE_HORIZON_DAYS ahead. Lazy: callers stop at the first free one.
 */
export function* slotInstants(
  slots: readonly WeeklySlot[],
  timeZone: string,
  from: Date,
  taken: ReadonlySet<number> = new Set(),
): Generator<Date> {
  if (slots.length === 0) return;
  const lists = new Map<number, string[]>();
  for (const s of slots) {
    const wd = WEEKDAYS.indexOf(s.day);
    const list = lists.get(wd);
    if (list) list.push(s.time);
    else lists.set(wd, [s.time]);
  }
  const byWeekday = new Map<number, DayTimes>();
  for (const [wd, times] of lists) {
    times.sort();
    byWeekday.set(wd, { times, key: times.join(',') });
  }
  const after = from.getTime();
  // Start a day early: the local date at `from` may lag the instants of its early slots.
  const start = addDays(localDateTime(from, timeZone).date, -1);
  const startWeekday = weekdayOf(start);
  for (let d = 0; d <= QUEUE_HORIZON_DAYS + 1; d++) {
    const times = byWeekday.get((startWeekday + d) % 7);
    if (!times) continue;
    // Two local times can meet at one instant when a gap moves one onto the other: keep one.
    let last = 0;
    for (const at of dayInstants(addDays(start, d), times, timeZone)) {
      if (at <= after || at === last || taken.has(at)) continue;
      last = at;
      yield new Date(at);
    }
  }
}
