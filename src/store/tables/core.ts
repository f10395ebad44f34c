/**
 * Row types of the foundation tables. Conventions for every table:
 * ids are opaque text, times are ISO 8601 UTC text (`2026-11-22T09:00:00.000Z`),
 * booleans are 0/1 integers, JSON is text, and every table that holds customer
 * data has `project_id` — every query filters on it.
 */
import type { Generated } from 'kysely';
import type { SealedColumns } from '../sealed-columns.ts';
import type { RetentionOf } from './retention-types.ts';

export interface ProjectsTable {
  id: string;
  name: string;
  created_at: string;
}

export interface AccessKeysTable {
  id: string;
  project_id: string;
  /** sha256 hex of the key; the key itself is shown once and never stored. */
  key_hash: string;
  /** First characters of the key, to tell keys apart in listings. */
  prefix: string;
  name: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** A role name (src/domain/teams/roles.ts); `owner` is full access. */
  role: Generated<string>;
  /** JSON array of the profile ids the key is limited to; null for every profile. */
  profile_ids: string | null;
}

export interface ProfilesTable {
  id: string;
  project_id: string;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface IntegrationsTable {
  id: string;
  project_id: string;
  profile_id: string | null;
  platform: string;
  platform_user_id: string;
  username: string | null;
  display_name: string | null;
  profile_url: string | null;
  image_url: string | null;
  /** JSON object. */
  platform_metadata: string;
  app_id: string | null;
  /** JSON array of granted scopes. */
  scopes: string;
  /** AES-256-GCM ciphertexts (see src/domain/crypto). */
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  access_token_expires_at: string | null;
  refresh_token_expires_at: string | null;
  auth_status: string;
  auth_failure_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** An integration disconnected since (its row deleted): its targets count as having no profile. */
export interface RemovedIntegrationsTable {
  project_id: string;
  integration_id: string;
  removed_at: string;
}

export interface CoreTables {
  projects: ProjectsTable;
  access_keys: AccessKeysTable;
  profiles: ProfilesTable;
  integrations: IntegrationsTable;
  removed_integrations: RemovedIntegrationsTable;
}

/** Sealed columns: the OAuth tokens of integrations (see ../sealed.ts). */
export const CORE_SEALED = {
  integrations: { access_token_enc: 'value', refresh_token_enc: 'value' },
} as const satisfies SealedColumns<CoreTables>;
/** How long each table's rows stay (src/store/retention.ts). */
export const CORE_RETENTION = {
  projects: { kept: 'the customer’s projects, removed by their owners' },
  access_keys: {
    kept: 'one row per key an owner created; a revoked key stays listed as revoked (the audit of who used what)',
  },
  profiles: { kept: 'customer records, deleted by the customer' },
  integrations: { kept: 'connected accounts, removed when disconnected' },
  removed_integrations: {
    kept: 'one row per disconnected account (bounded by connects); posts that name it still read it',
  },
} as const satisfies RetentionOf<CoreTables>;
