/** Row types of people, members, sessions and sign-in state (migrations 0270, 0310). */
import type { SealedColumns } from '../sealed-columns.ts';
import type { RetentionOf } from './retention-types.ts';

export interface PeopleTable {
  id: string;
  /** Lower-cased. */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (src/domain/teams/passwords.ts); null until a password is set. */
  password_hash: string | null;
  /** The TOTP secret, sealed (ctx.sealer); null without a second factor. */
  totp_secret_enc: string | null;
  /** A TOTP secret being enrolled, sealed, until a code confirms it. */
  totp_pending_enc: string | null;
  /** JSON array of sha256 hashes of unused recovery codes. */
  recovery_codes: string | null;
  /** The last 30-second step whose TOTP code was accepted (migration 0310); a code works once. */
  totp_last_step: number | null;
  created_at: string;
  updated_at: string;
}

export interface MembersTable {
  id: string;
  project_id: string;
  person_id: string;
  /** A role name (src/domain/teams/roles.ts). */
  role: string;
  /** JSON array of profile ids the member is limited to; null for every profile. */
  profile_ids: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** sha256 hex of the cookie's token; the token itself is never stored. */
  token_hash: string;
  id: string;
  member_id: string;
  person_id: string;
  created_at: string;
  /** Written at most once a minute; the idle expiry counts from it. */
  last_seen_at: string;
  /** The absolute expiry. */
  expires_at: string;
}

export interface AccountTokensTable {
  token_hash: string;
  id: string;
  kind: 'invitation' | 'password_reset' | 'oidc_state';
  email: string;
  project_id: string | null;
  role: string | null;
  profile_ids: string | null;
  data_enc: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** The client address that started an anonymous flow (OIDC sign-in; migration 0310). */
  requested_by: string | null;
}

export interface SignInFailuresTable {
  subject: string;
  failures: number;
  last_failure_at: string;
  locked_until: string | null;
}

export interface TeamTables {
  people: PeopleTable;
  members: MembersTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  sign_in_failures: SignInFailuresTable;
}

/** Sealed columns: TOTP secrets (enrolled and pending) and what an account token's flow needs to finish (see ../sealed.ts). */
export const TEAMS_SEALED = {
  people: { totp_secret_enc: 'value', totp_pending_enc: 'value' },
  account_tokens: { data_enc: 'value' },
} as const satisfies SealedColumns<TeamTables>;
/** How long each table's rows stay (src/store/retention.ts). */
export const TEAM_RETENTION = {
  people: { kept: 'one row per person with a sign-in; bounded by invitations owners send' },
  members: { kept: 'memberships, removed by owners' },
  sessions: {
    sweptBy: 'sweep_expired_records',
    rule: 'past their SESSION_MAX_HOURS end, or unused for SESSION_IDLE_MINUTES (plus the minute last use is written at most once in)',
  },
  account_tokens: {
    sweptBy: 'sweep_expired_records',
    rule: 'invitations, password resets and OpenID Connect starts a day after they expired or were used',
  },
  sign_in_failures: {
    sweptBy: 'sweep_expired_records',
    rule: 'counts whose last failure is older than SIGNIN_LOCK_MINUTES and whose lock has ended',
  },
} as const satisfies RetentionOf<TeamTables>;
