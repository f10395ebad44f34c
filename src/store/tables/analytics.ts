/** The post metrics cache (migration 0080). */
import type { RetentionOf } from './retention-types.ts';
export interface PostMetricsTable {
  /** The published target (post_targets.id) the metrics are of. */
  target_id: string;
  project_id: string;
  platform: string;
  integration_id: string;
  /** JSON of PostMetrics as last fetched; null before the first successful fetch. */
  metrics: string | null;
  /** The platform's reason when it has no metrics for this post (gone, too few viewers). */
  unavailable: string | null;
  /** ISO time of the last successful fetch. */
  fetched_at: string | null;
  /** Why the last refresh failed; null after a success. */
  last_error: string | null;
  /** ISO time the last refresh finished, well or not. */
  last_attempt_at: string | null;
  /** ISO time a refresh was last asked for (a newer one is not asked while it runs). */
  requested_at: string | null;
}

export interface AnalyticsTables {
  post_metrics: PostMetricsTable;
}

/** How long each table's rows stay (src/store/retention.ts). */
export const ANALYTICS_RETENTION = {
  post_metrics: { kept: 'one row per published target, with its post' },
} as const satisfies RetentionOf<AnalyticsTables>;
