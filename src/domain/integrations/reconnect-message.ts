/**
 * The one sentence that says an account must be connected again, as it is stored on
 * a failed target, sent in its events and answered by a lookup: the platform's name as
 * people know it, the account's name, why, and what to do. Integrators show it to their
 * users as it is, so it names no id and no API path, and it never repeats itself (the
 * platform's own refusal is logged, not appended).
 */
import type { AppContext } from '../../context.ts';
import { isPlatform } from '../../platforms/names.ts';

type Reason = 'token_expired' | 'token_revoked' | 'missing_scopes' | 'refresh_failed';

const WHY: Record<Reason, string> = {
  token_expired: 'its access expired',
  token_revoked: 'its access was revoked',
  missing_scopes: 'it was connected without a permission publishing needs',
  refresh_failed: 'the platform refused to renew its access',
};

/** The platform's display name ("LinkedIn", "X"), or its value when it is not one. */
export const platformDisplayName = (ctx: AppContext, platform: string): string =>
  isPlatform(platform) ? ctx.platforms[platform].displayName : platform;

/** "LinkedIn account “Acme Corp”": the platform's name and the account's, as the user knows it. */
export function accountPhrase(
  ctx: AppContext,
  row: { platform: string; display_name: string | null; username: string | null },
): string {
  const name = row.display_name ?? (row.username ? `@${row.username}` : null);
  return `${platformDisplayName(ctx, row.platform)} account${name ? ` “${name}”` : ''}`;
}

/** "LinkedIn account “Acme Corp” needs reconnecting because its access was revoked: connect it again, then retry." */
export function reconnectMessage(
  ctx: AppContext,
  row: { platform: string; display_name: string | null; username: string | null },
  reason: string | null,
): string {
  const why = reason && reason in WHY ? ` because ${WHY[reason as Reason]}` : '';
  return `${accountPhrase(ctx, row)} needs reconnecting${why}: connect it again, then retry.`;
}
