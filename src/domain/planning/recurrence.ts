/**
 * The rule of a recurring series, `{every, unit, until?, count?}`, and the times
 * of its occurrences. Occurrence times are counted from the first one (the
 * anchor) in the series' zone, so each keeps the anchor's local time of day
 * across daylight-saving changes, and a monthly series on the 31st falls on each
 * month's last day when the month is shorter, then back on the 31st.
 */
import { parseScheduledFor } from '../posts/schedule.ts';
import { addDays, addMonths, localDateTime, localInstant } from './local-time.ts';

export const RECURRENCE_UNITS = ['day', 'week', 'month'] as const;
export type RecurrenceUnit = (typeof RECURRENCE_UNITS)[number];

export interface RecurrenceRule {
  every: number;
  unit: RecurrenceUnit;
  /** Date (YYYY-MM-DD, through that whole local day) or date-time; no occurrence after it. */
  until?: string;
  /** Total occurrences, the first included. */
  count?: number;
}

/** The instant `until` stands for in the zone, or a message. A bare date covers that whole day. */
export function untilInstant(until: string, timeZone: string): Date | string {
  const value = /^\d{4}-\d{2}-\d{2}$/.test(until) ? `${until}T23:59:59` : until;
  const at = parseScheduledFor(value, timeZone);
  return typeof at === 'string' ? `recurrence.until: ${at.replace(/^scheduledFor /, '')}` : at;
}

/** Problems of a rule for a series whose first occurrence is at `first`. */
export function recurrenceProblems(rule: RecurrenceRule, timeZone: string, first: Date): string[] {
  if (rule.until === undefined) return [];
  const until = untilInstant(rule.until, timeZone);
  if (typeof until === 'string') return [until];
  if (until.getTime() < first.getTime())
    return [
      `recurrence.until ${until.toISOString()} is before the first occurrence (${first.toISOString()})`,
    ];
  return [];
}

/** The time of step `step` of the series (step 0 is the anchor). */
export function occurrenceAt(rule: RecurrenceRule, anchor: Date, timeZone: string, step: number): Date {
  const local = localDateTime(anchor, timeZone);
  const n = step * rule.every;
  const date =
    rule.unit === 'day'
      ? addDays(local.date, n)
      : rule.unit === 'week'
        ? addDays(local.date, 7 * n)
        : addMonths(local.date, n);
  return localInstant(date, local.timeWithSeconds, timeZone);
}

/**
 * The first step after `afterStep` whose time is later than `now` (an occurrence
 * that finished late skips the times already past instead of publishing them at
 * once), or null when the rule has ended (`until` passed).
 */
export function nextStep(
  rule: RecurrenceRule,
  anchor: Date,
  timeZone: string,
  afterStep: number,
  now: Date,
): { step: number; at: Date } | null {
  const until = rule.until === undefined ? null : untilInstant(rule.until, timeZone);
  for (let step = afterStep + 1; ; step++) {
    const at = occurrenceAt(rule, anchor, timeZone, step);
    if (until instanceof Date && at.getTime() > until.getTime()) return null;
    if (at.getTime() > now.getTime()) return { step, at };
    // A rule can not outrun a clock: every step moves at least a day forward.
  }
}
