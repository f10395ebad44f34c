/**
 * The outbox of post lifecycle events. The publishing engine writes a row in the
 * same transaction as the state change it announces (post.scheduled when a post
 * is accepted for later, one final event when its last target finishes); the
 * notifications area delivers from here.
 */
import type { RetentionOf } from './retention-types.ts';
export interface OutboxTable {
  id: string;
  project_id: string;
  /** post.scheduled, post.published, post.partial or post.failed. */
  type: string;
  post_id: string;
  /**
   * JSON of the event's `data` as webhooks carry it: `{post, platforms}` (see
   * domain/publishing/outbox.ts OutboxPayload), plus `wasScheduled`.
   */
  payload: string;
  created_at: string;
  /** When the notifications area fanned the event out; null while it waits. */
  dispatched_at: string | null;
}

export interface PublishingTables {
  outbox: OutboxTable;
}

/** How long each table's rows stay (src/store/retention.ts). */
export const PUBLISHING_RETENTION = {
  outbox: {
    sweptBy: 'sweep_notification_history',
    rule: 'dispatched events NOTIFICATION_HISTORY_DAYS after dispatch',
  },
} as const satisfies RetentionOf<PublishingTables>;
