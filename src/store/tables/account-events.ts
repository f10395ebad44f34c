/**
 * Keys of account and engagement events already announced (migration 0240):
 * `comment:<integrationId>:<commentId>`, `message:<integrationId>:<messageId>`,
 * `token_expiring:<integrationId>:<expiresAt>`. Written with the event's outbox
 * row, so a key exists exactly when its event does.
 */
export interface EventKeysTable {
  key: string;
  project_id: string;
  created_at: string;
}

export interface AccountEventTables {
  event_keys: EventKeysTable;
}
