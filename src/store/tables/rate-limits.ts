import type { Generated } from 'kysely';
import type { RetentionOf } from './retention-types.ts';

/** Shared rate-limit counts (migrations 0120, 0380; src/http/rate-limit-store.ts). */
export interface RateLimitsTable {
  /** `k:<hash of the access key>` or `ip:<address>`. */
  key: string;
  /** Epoch ms when the key's current window began. */
  window_start: number;
  /** Requests handed out in that window, in leases to the api processes (migration 0380). */
  count: number;
  /** The size of the last lease taken (0: refused, the window's budget is spent). */
  granted: Generated<number>;
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
