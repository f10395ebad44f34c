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
 * The instants of the schedule's slots after `from`, in time order, up to
 * QUEUE_HORIZON_DAYS ahead. Lazy: callers stop at the first free one.
 */
export function* slotInstants(slots: readonly WeeklySlot[], timeZone: string, from: Date): Generator<Date> {
  if (slots.length === 0) return;
  const byWeekday = new Map<number, string[]>();
  for (const s of slots) {
    const wd = WEEKDAYS.indexOf(s.day);
    byWeekday.set(wd, [...(byWeekday.get(wd) ?? []), s.time].sort());
  }
  // Start a day early: the local date at `from` may lag the instants of its early slots.
  const start = addDays(localDateTime(from, timeZone).date, -1);
  for (let d = 0; d <= QUEUE_HORIZON_DAYS + 1; d++) {
    const date = addDays(start, d);
    const instants = (byWeekday.get(weekdayOf(date)) ?? []).map((t) => localInstant(date, t, timeZone));
    // Two local times can meet at one instant when a gap moves one onto the other: keep one.
    let last = 0;
    for (const at of instants.sort((a, b) => a.getTime() - b.getTime())) {
      if (at.getTime() <= from.getTime() || at.getTime() === last) continue;
      last = at.getTime();
      yield at;
    }
  }
}
