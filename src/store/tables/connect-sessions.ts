/**
 * Hosted connect sessions (migration 0250): the link an integrator sends their
 * customer to, and what the customer connected through it.
 */
import type { RetentionOf } from './retention-types.ts';

export interface ConnectSessionsTable {
  /** sha256 hex of the session token in the link; the token itself is never stored. */
  id: string;
  project_id: string;
  /** JSON array of the Platform values the page offers. */
  platforms: string;
  profile_id: string | null;
  /** Where the customer is sent back, with the new integration ids. */
  redirect_uri: string;
  /** JSON {name, logoUrl, accentColor}, each null when not given. */
  branding: string;
  /** JSON object: the customer's own OAuth app id per platform. */
  app_ids: string;
  created_at: string;
  expires_at: string;
  /** Set when the customer finished and was sent back; the link is dead from then on. */
  used_at: string | null;
}

export interface ConnectSessionIntegrationsTable {
  session_id: string;
  integration_id: string;
  platform: string;
  created_at: string;
}

/** Final publish outcomes per platform and minute, across all projects (GET /v1/platforms). */
export interface PlatformOutcomesTable {
  platform: string;
  /** Minutes since the epoch (UTC). */
  minute: number;
  /** Targets settled (published or failed) in that minute. */
  attempts: number;
  /** Of them, those failed because of the platform (errors, timeouts, outcome unknown), not the user's input or token. */
  platform_failures: number;
}

export interface ConnectSessionTables {
  connect_sessions: ConnectSessionsTable;
  connect_session_integrations: ConnectSessionIntegrationsTable;
  platform_outcomes: PlatformOutcomesTable;
}

/** How long each table's rows stay (src/store/retention.ts). */
export const CONNECT_SESSION_RETENTION = {
  connect_sessions: { sweptBy: 'sweep_expired_records', rule: 'a day after they expired (used or not)' },
  connect_session_integrations: { sweptBy: 'sweep_expired_records', rule: 'with their connect session' },
  platform_outcomes: { sweptBy: 'sweep_expired_records', rule: 'per-minute counters older than two days' },
} as const satisfies RetentionOf<ConnectSessionTables>;
