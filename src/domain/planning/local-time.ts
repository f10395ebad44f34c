/**
 * Calendar arithmetic in an IANA zone for queues and series: a slot or an
 * occurrence keeps its local wall-clock time across daylight-saving changes.
 * Local times are turned into instants by the same rules as `scheduledFor`
 * (posts/schedule.ts): a time inside a spring-forward gap moves forward by the
 * gap, a repeated time is its first occurrence.
 */
import { parseScheduledFor } from '../posts/schedule.ts';

export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface LocalDateTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
  /** HH:MM:SS */
  timeWithSeconds: string;
  /** 0 = sunday … 6 = saturday */
  weekday: number;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    if (partsFormats.size > 1000) partsFormats.clear();
    partsFormats.set(timeZone, f);
  }
  return f;
}

/** The wall-clock date and time of `instant` in `timeZone`. */
export function localDateTime(instant: Date, timeZone: string): LocalDateTime {
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}`;
  return { date, time, timeWithSeconds: `${time}:${parts.second}`, weekday: weekdayOf(date) };
}

/** The instant at which the wall clock in `timeZone` reads `date` `time`. */
export function localInstant(date: string, time: string, timeZone: string): Date {
  const at = parseScheduledFor(`${date}T${time}`, timeZone);
  if (typeof at === 'string') throw new Error(at);
  return at;
}

const dayMs = (date: string): number => Date.parse(`${date}T00:00:00Z`);
const dateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const weekdayOf = (date: string): number => new Date(dayMs(date)).getUTCDay();

export const addDays = (date: string, days: number): string => dateOf(dayMs(date) + days * 86_400_000);

/**
 * `months` calendar months after `date`, on the same day of the month, or the
 * month's last day when it is shorter (31 January + 1 month = 28 or 29 February).
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return dateOf(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)));
}
