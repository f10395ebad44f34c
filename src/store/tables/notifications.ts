/**
 * Row types of notification subscriptions and their deliveries. A delivery is one
 * event sent to one subscription, sent by a `deliver_notification` job written in
 * the same transaction; every attempt is kept for the deliveries log.
 */
import type { SealedColumns } from '../sealed-columns.ts';
import type { RetentionOf } from './retention-types.ts';

export interface NotificationSubscriptionsTable {
  id: string;
  project_id: string;
  /** webhook or email. */
  channel: string;
  /** When set, only this profile's targets are reported (and only posts with one). */
  profile_id: string | null;
  /** JSON array of event types. */
  event_types: string;
  only_scheduled_posts: number;
  enabled: number;
  webhook_url: string | null;
  /** The signing secret, sealed with ctx.sealer. */
  webhook_secret_enc: string | null;
  /** JSON array of addresses (email channel). */
  email_recipients: string | null;
  last_test_at: string | null;
  last_test_status: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationDeliveriesTable {
  id: string;
  project_id: string;
  subscription_id: string;
  /** The event id: the same on every attempt (receivers deduplicate on it). */
  event_id: string;
  event_type: string;
  post_id: string;
  channel: string;
  /** The exact JSON body sent on every attempt. */
  body: string;
  /** pending, succeeded or failed. */
  status: string;
  /** Attempts made so far in the current round (a redelivery starts a new round). */
  attempts: number;
  max_attempts: number;
  /** When the next attempt is planned (ISO), while a retry waits; null otherwise. */
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface NotificationAttemptsTable {
  id: string;
  project_id: string;
  delivery_id: string;
  /** 1, 2, 3 … in order. */
  attempt: number;
  started_at: string;
  /** HTTP status of the answer; null for e-mail or when no answer came. */
  status_code: number | null;
  duration_ms: number;
  success: number;
  error: string | null;
}

export interface NotificationTables {
  notification_subscriptions: NotificationSubscriptionsTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_attempts: NotificationAttemptsTable;
}

/** Sealed columns: webhook signing secrets (see ../sealed.ts). */
export const NOTIFICATIONS_SEALED = {
  notification_subscriptions: { webhook_secret_enc: 'value' },
} as const satisfies SealedColumns<NotificationTables>;
/** How long each table's rows stay (src/store/retention.ts). */
export const NOTIFICATION_RETENTION = {
  notification_subscriptions: { kept: 'customer settings, deleted by the customer' },
  notification_deliveries: {
    sweptBy: 'sweep_notification_history',
    rule: 'finished deliveries NOTIFICATION_HISTORY_DAYS after they finished',
  },
  notification_attempts: {
    sweptBy: 'sweep_notification_history',
    rule: 'with their delivery (on delete cascade)',
  },
} as const satisfies RetentionOf<NotificationTables>;
