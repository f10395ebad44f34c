/**
 * When a published target's metrics are snapshotted: at growing ages after it was
 * published. A snapshot taken late is filed under the largest age that has passed
 * (an account collected 8 h after a post gets its 6 h snapshot then, not a 1 h one).
 */
export const SNAPSHOT_AGES_HOURS = [1, 6, 24, 72, 168, 720] as const;
const HOUR_MS = 3_600_000;
/** Past the last age, a target is not read again. */
export const LAST_AGE_MS = 720 * HOUR_MS;

/** The age (hours) to record now for a target, or null when none is due beyond the ones recorded. */
export function dueAge(publishedAtMs: number, recordedMaxHours: number, nowMs: number): number | null {
  const ageMs = nowMs - publishedAtMs;
  let due: number | null = null;
  for (const h of SNAPSHOT_AGES_HOURS) if (h * HOUR_MS <= ageMs && h > recordedMaxHours) due = h;
  return due;
}

/** When the target's next snapshot falls due (epoch ms), or null when all are taken. */
export function nextAgeAt(publishedAtMs: number, recordedMaxHours: number, nowMs: number): number | null {
  for (const h of SNAPSHOT_AGES_HOURS) {
    const at = publishedAtMs + h * HOUR_MS;
    if (h > recordedMaxHours && at > nowMs) return at;
  }
  return null;
}
