/** Row types of the security tables (migration 0100). */

export interface SecurityCountersTable {
  /** `key_revocations`: how many access keys have been revoked, ever. */
  name: string;
  value: number;
}

export interface SecurityTables {
  security_counters: SecurityCountersTable;
}
