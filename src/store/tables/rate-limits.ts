/** Shared rate-limit counts (migration 0120; src/http/rate-limit-store.ts). */
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
