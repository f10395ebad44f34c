/**
 * Keys of account and engagement events already announced (migration 0240):
 * `comment:<integrationId>:<commentId>`, `message:<integrationId>:<messageId>`,
 * `token_expiring:<integrationId>:<expiresAt>`. Written with the event's outbox
 * row, so a key exists exactly when its event does.
 */
import type { RetentionOf } from './retention-types.ts';
export interface EventKeysTable {
  key: string;
  project_id: string;
  created_at: string;
}

export interface AccountEventTables {
  event_keys: EventKeysTable;
}

/** How long each table's rows stay (src/store/retention.ts). */
export const ACCOUNT_EVENT_RETENTION = {
  event_keys: {
    sweptBy: 'sweep_expired_records',
    rule: 'token-expiry and comment keys a year and a day after they were written (the expiry they name is then past; the comment’s post is no longer polled); message keys stay, bounded by the messages the accounts receive',
  },
} as const satisfies RetentionOf<AccountEventTables>;
