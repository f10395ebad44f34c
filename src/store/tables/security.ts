/** Row types of the security tables (migration 0100). */
import type { RetentionOf } from './retention-types.ts';

export interface SecurityCountersTable {
  /** `key_revocations`: how many access keys have been revoked, ever. */
  name: string;
  value: number;
}

export interface SecurityTables {
  security_counters: SecurityCountersTable;
}

/** How long each table's rows stay (src/store/retention.ts). */
export const SECURITY_RETENTION = {
  security_counters: { kept: 'a fixed set of named counters' },
} as const satisfies RetentionOf<SecurityTables>;
