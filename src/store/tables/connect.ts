/**
 * Tables of connecting accounts: one-time OAuth states, one-time selection
 * tokens (Facebook Pages, LinkedIn pages) and customer OAuth apps. Secrets
 * (PKCE verifiers, tokens inside selection choices, client secrets) are sealed.
 */
import type { Generated } from 'kysely';
import type { SealedColumns } from '../sealed-columns.ts';
import type { RetentionOf } from './retention-types.ts';

export interface OAuthStatesTable {
  /** sha256 hex of the `state` value sent to the platform; the value itself is never stored. */
  id: string;
  project_id: string;
  platform: string;
  redirect_uri: string | null;
  cancel_redirect_uri: string | null;
  /** 0/1: answer with a selection token instead of connecting at once. */
  headless: number;
  profile_id: string | null;
  app_id: string | null;
  /** Sealed PKCE code verifier; null for platforms without PKCE. */
  code_verifier_enc: string | null;
  created_at: string;
  expires_at: string;
  /** Set when the callback consumed the state; a second use is refused. */
  used_at: string | null;
  /** Sealed token of the hosted connect session the flow was started from (migration 0250); its callback returns there. */
  connect_session_enc: string | null;
  /** Mastodon: the instance the flow runs on (migration 0420); null for every other platform. */
  instance?: string | null;
}

export interface SelectionTokensTable {
  /** sha256 hex of the selection token handed to the client. */
  id: string;
  project_id: string;
  platform: string;
  /** Sealed JSON: the accounts offered, with their tokens. */
  choices_enc: string;
  redirect_uri: string | null;
  profile_id: string | null;
  app_id: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OAuthAppsTable {
  id: string;
  project_id: string;
  platform: string;
  name: string;
  image_url: string | null;
  client_id: string;
  client_secret_enc: string;
  created_at: string;
  updated_at: string;
}

/** Columns the connect area adds to `integrations` (migration 0020). */
export interface IntegrationRefreshColumns {
  /** ISO time until which one node holds the right to refresh this integration's token. */
  refresh_lock_until: string | null;
  /** Bumped on every token change, so a waiting node sees that another one refreshed. */
  token_version: Generated<number>;
}

export interface ConnectTables {
  oauth_states: OAuthStatesTable;
  selection_tokens: SelectionTokensTable;
  oauth_apps: OAuthAppsTable;
}

/** Sealed columns: PKCE verifiers, connect session tokens, offered accounts, client secrets (see ../sealed.ts). */
export const CONNECT_SEALED = {
  oauth_states: { code_verifier_enc: 'value', connect_session_enc: 'value' },
  selection_tokens: { choices_enc: 'value' },
  oauth_apps: { client_secret_enc: 'value' },
} as const satisfies SealedColumns<ConnectTables>;
/** How long each table's rows stay (src/store/retention.ts). */
export const CONNECT_RETENTION = {
  oauth_states: { sweptBy: 'sweep_expired_records', rule: 'a day after they expired (used or not)' },
  selection_tokens: { sweptBy: 'sweep_expired_records', rule: 'a day after they expired (used or not)' },
  oauth_apps: { kept: 'customer settings, deleted by the customer' },
} as const satisfies RetentionOf<ConnectTables>;
