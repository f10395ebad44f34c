/**
 * Resolves each target's accountId to an integration of the project (of the caller's
 * profiles, when it is limited to some): unknown ids,
 * a platform that does not match, and the same account twice are invalid input;
 * an account whose authorization is gone (needs_reconnect, revoked) is refused (403);
 * so is an account the platform does not let publish (publish-refusal.ts: a Google
 * Business location of a chain), with the platform's reason (400).
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { publishRefusalOf } from '../../platforms/publish-refusal.ts';
import type { TargetInput } from '../../platforms/shared/input.ts';
import type { Dialect } from '../../store/db.ts';
import type { Database } from '../../store/schema.ts';
import { padded, selectByIdsText } from '../../store/sql-text.ts';
import { type ProjectReach, projectOf, reachesProfile } from '../teams/reach.ts';

export interface TargetAccount {
  id: string;
  platform: string;
  profileId: string | null;
}

export interface AccountCheck {
  accounts: (TargetAccount | null)[];
  invalid: string[];
  forbidden: string[];
}

/** An integration as the account check needs it. */
export interface IntegrationState {
  id: string;
  project_id: string;
  platform: string;
  profile_id: string | null;
  auth_status: string;
  auth_failure_reason: string | null;
  platform_metadata: string | null;
  /** How the account is named to people (a retry that needs it reconnected names it). */
  display_name: string | null;
  username: string | null;
}

const INTEGRATION_STATE_COLUMNS =
  '"id", "project_id", "platform", "profile_id", "auth_status", "auth_failure_reason", "platform_metadata", "display_name", "username"';

/**
 * The integrations with these ids (of any project: judgeAccounts checks the project).
 * Every create and every check reads them, so the statement is cached SQL text
 * (sql-text.ts) instead of being built and compiled by the query builder each time.
 */
export async function readIntegrations(
  db: Kysely<Database> | Transaction<Database>,
  dialect: Dialect,
  ids: readonly string[],
): Promise<Map<string, IntegrationState>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, IntegrationState>();
  // In chunks, to stay far below both databases' limits on bound parameters.
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = padded(unique.slice(i, i + 500));
    const text = selectByIdsText(dialect, 'integrations', INTEGRATION_STATE_COLUMNS, chunk.length);
    const { rows } = await db.executeQuery<IntegrationState>(CompiledQuery.raw(text, chunk));
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

/** Judges each target's account against the integrations read for it. */
export function judgeAccounts(
  reach: ProjectReach,
  targets: readonly TargetInput[],
  integrations: ReadonlyMap<string, IntegrationState>,
): AccountCheck {
  const seen = new Map<string, number>();
  const out: AccountCheck = { accounts: [], invalid: [], forbidden: [] };
  targets.forEach((t, i) => {
    const where = `platforms[${i}] (${t.platform})`;
    const found = integrations.get(t.accountId);
    // An account of a profile the caller does not reach is answered like one that does not exist.
    const row =
      found?.project_id === projectOf(reach) && reachesProfile(reach, found.profile_id) ? found : undefined;
    const first = seen.get(t.accountId);
    if (first === undefined) seen.set(t.accountId, i);
    if (!row) {
      out.invalid.push(`${where}: accountId "${t.accountId}" is not a connected account of this project`);
      out.accounts.push(null);
      return;
    }
    if (row.platform !== t.platform)
      out.invalid.push(
        `${where}: accountId "${t.accountId}" is a ${row.platform} account, not ${t.platform}`,
      );
    if (first !== undefined)
      out.invalid.push(`${where}: accountId "${t.accountId}" is already targeted by platforms[${first}]`);
    const refusal = publishRefusalOf(row.platform_metadata);
    if (refusal) out.invalid.push(`${where}: account "${t.accountId}" can not publish: ${refusal}`);
    if (row.auth_status === 'needs_reconnect' || row.auth_status === 'revoked')
      out.forbidden.push(
        `${where}: account "${t.accountId}" needs reconnecting (authorization ${row.auth_status === 'revoked' ? 'revoked' : 'expired or invalid'}); connect it again with GET /v1/connect/${row.platform}`,
      );
    out.accounts.push({ id: row.id, platform: row.platform, profileId: row.profile_id });
  });
  return out;
}

export async function checkAccounts(
  ctx: AppContext,
  reach: ProjectReach,
  targets: readonly TargetInput[],
): Promise<AccountCheck> {
  const integrations = await readIntegrations(
    ctx.store.db,
    ctx.store.dialect,
    targets.map((t) => t.accountId),
  );
  return judgeAccounts(reach, targets, integrations);
}
