/**
 * The `spend` capability of a platform module: what a platform charges for the
 * calls the service makes (X's pay-per-use pricing), so the service can record
 * each call's cost beside the credit ledger and hold a project to a monthly cap.
 * Prices are the module's defaults; the operator's PLATFORM_PRICES setting
 * changes any of them (platform.callKind=amount).
 */

/** What one target asks of its platform, as far as pricing goes. */
export interface SpendTarget {
  content: string;
  platformSpecificData: Record<string, unknown>;
}

export interface PlatformSpend {
  /** The currency of the prices (ISO 4217). */
  currency: string;
  /** Price of one call, by call kind, with what the kind is. */
  prices: Record<string, { amount: number; says: string }>;
  /** Where the prices were read, and when. */
  source: string;
  /** The paid calls publishing this target makes, by kind (a thread of three is three creates). */
  publishCalls(target: SpendTarget): Record<string, number>;
  /** The call kinds of the analytics reads: one post's metrics, one account's counts. */
  reads?: { postMetrics?: string; accountStats?: string };
}
