/** Shared rate-limit counts (migration 0120; src/http/rate-limit-store.ts). */
import type { RetentionOf } from './retention-types.ts';
export interface RateLimitsTable {
  /** `k:<hash of the access key>` or `ip:<address>`. */
  key: string;
  /** Epoch ms when the key's current window began. */
  window_start: number;
  /** Requests counted in that window. */
  count: number;
}

export interface RateLimitTables {
  rate_limits: RateLimitsTable;
}

/** How long each table's rows stay (src/store/retention.ts). */
export const RATE_LIMIT_RETENTION = {
  rate_limits: {
    sweptBy: 'sweep_expired_records',
    rule: 'windows that ended more than a day ago (the limiter also drops windows two lengths old as requests arrive)',
  },
} as const satisfies RetentionOf<RateLimitTables>;
