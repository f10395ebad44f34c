/** Analytics history and platform spend (migration 0360). */
import type { RetentionOf } from './retention-types.ts';

/** What an account's platform reported on one UTC day; null where the platform does not count it. */
export interface AccountSnapshotsTable {
  integration_id: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  project_id: string;
  platform: string;
  followers: number | null;
  following: number | null;
  posts: number | null;
  impressions: number | null;
  views: number | null;
  reach: number | null;
  collected_at: string;
}

/** A published target's metrics at a fixed age after publishing. */
export interface TargetSnapshotsTable {
  target_id: string;
  /** 1, 6, 24, 72, 168 or 720 (see SNAPSHOT_AGES_HOURS). */
  age_hours: number;
  project_id: string;
  post_id: string;
  integration_id: string;
  platform: string;
  published_at: string;
  impressions: number | null;
  reach: number | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  clicks: number | null;
  collected_at: string;
}

/** When an account is next collected (epoch ms), and how its last collection went. */
export interface AnalyticsCollectionTable {
  integration_id: string;
  project_id: string;
  platform: string;
  /** The earliest of account_due_at and the next target snapshot that falls due. */
  next_at: number;
  /** When the account's own daily snapshot is next due. */
  account_due_at: number;
  last_at: string | null;
  last_error: string | null;
}

/** One platform call that cost money (millionths of the price currency). */
export interface PlatformSpendTable {
  /** `<targetId>:<callKind>` for a target's call, so recording it again changes nothing. */
  id: string;
  project_id: string;
  platform: string;
  /** YYYY-MM (UTC). */
  month: string;
  call_kind: string;
  integration_id: string | null;
  target_id: string | null;
  amount_micros: number;
  created_at: string;
}

export interface PlatformSpendCapsTable {
  project_id: string;
  platform: string;
  monthly_micros: number;
  updated_at: string;
}

export interface AnalyticsHistoryTables {
  account_snapshots: AccountSnapshotsTable;
  target_snapshots: TargetSnapshotsTable;
  analytics_collection: AnalyticsCollectionTable;
  platform_spend: PlatformSpendTable;
  platform_spend_caps: PlatformSpendCapsTable;
}

/** How long each table's rows stay (src/store/retention.ts). */
export const ANALYTICS_HISTORY_RETENTION = {
  account_snapshots: {
    sweptBy: 'analytics_snapshot_sweep',
    rule: 'days older than ANALYTICS_RETENTION_DAYS',
  },
  target_snapshots: {
    sweptBy: 'analytics_snapshot_sweep',
    rule: 'snapshots collected more than ANALYTICS_RETENTION_DAYS ago',
  },
  analytics_collection: {
    kept: 'one row per connected account; its collection removes it once the account is gone',
  },
  platform_spend: {
    sweptBy: 'analytics_snapshot_sweep',
    rule: 'calls recorded more than ANALYTICS_RETENTION_DAYS ago',
  },
  platform_spend_caps: { kept: 'customer settings, one per project and platform' },
} as const satisfies RetentionOf<AnalyticsHistoryTables>;
