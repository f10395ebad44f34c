/**
 * Resolves each target's accountId to an integration of the project: unknown ids,
 * a platform that does not match, and the same account twice are invalid input;
 * an account whose authorization is gone (needs_reconnect, revoked) is refused (403).
 */
import type { AppContext } from '../../context.ts';
import type { TargetInput } from '../../platforms/shared/input.ts';

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

export async function checkAccounts(
  ctx: AppContext,
  projectId: string,
  targets: readonly TargetInput[],
): Promise<AccountCheck> {
  const ids = [...new Set(targets.map((t) => t.accountId))];
  const rows = ids.length
    ? await ctx.store.db
        .selectFrom('integrations')
        .select(['id', 'platform', 'profile_id', 'auth_status'])
        .where('project_id', '=', projectId)
        .where('id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seen = new Map<string, number>();
  const out: AccountCheck = { accounts: [], invalid: [], forbidden: [] };
  targets.forEach((t, i) => {
    const where = `platforms[${i}] (${t.platform})`;
    const row = byId.get(t.accountId);
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
    if (row.auth_status === 'needs_reconnect' || row.auth_status === 'revoked')
      out.forbidden.push(
        `${where}: account "${t.accountId}" needs reconnecting (authorization ${row.auth_status === 'revoked' ? 'revoked' : 'expired or invalid'}); connect it again with GET /v1/connect/${row.platform}`,
      );
    out.accounts.push({ id: row.id, platform: row.platform, profileId: row.profile_id });
  });
  return out;
}
