/** The delivery retry schedule (decisions.md: attempt 2 after 30 s, attempt 3 after 5 min; configurable). */
import type { Config } from '../../config.ts';

/** Waits before the 2nd, 3rd … attempt, in ms, from NOTIFICATION_RETRY_DELAYS_MS. */
export function retryDelays(config: Config): number[] {
  return config.NOTIFICATION_RETRY_DELAYS_MS.map((d) => {
    const n = Number(d);
    if (!Number.isInteger(n) || n < 0)
      throw new Error(`NOTIFICATION_RETRY_DELAYS_MS holds "${d}", not a whole number of ms`);
    return n;
  });
}

/** Attempts per delivery: the first one plus one per retry delay. */
export function maxAttempts(config: Config): number {
  return retryDelays(config).length + 1;
}
