/** The audit log (migration 0300): who changed what, when and from where. */
import type { RetentionOf } from './retention-types.ts';
export interface AuditLogTable {
  id: string;
  project_id: string;
  at: string;
  /** member, key, cli or system. */
  actor_kind: string;
  /** The member's e-mail, `key:<id>`, `cli:<operator>` or `system`. */
  actor: string;
  /** The caller's address, when the change came over HTTP. */
  address: string | null;
  /** What happened, as `<object>.<verb>`: `post.created`, `profile.updated`, `member.removed`. */
  action: string;
  object_type: string;
  object_id: string;
  /** A name a person recognizes: the profile's name, the account's handle, the member's e-mail. */
  object_label: string | null;
  /** JSON: a short before/after of what changed, never secrets. */
  summary: string | null;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}

/** How long each table's rows stay (src/store/retention.ts). */
export const AUDIT_RETENTION = {
  audit_log: { sweptBy: 'sweep_audit_log', rule: 'entries older than AUDIT_RETENTION_DAYS' },
} as const satisfies RetentionOf<AuditTables>;
