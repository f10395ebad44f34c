/**
 * account.token_expiring: a recurring job finds active integrations whose
 * authorization will end within ACCOUNT_TOKEN_EXPIRY_WARNING_DAYS and that the
 * service can not renew without the user: an access token with no way to
 * refresh it (Facebook's long-lived user tokens), or a refresh token with a hard
 * end (LinkedIn, Pinterest ...). Instagram and Threads renew their own 60-day
 * tokens (the refresh sweep), so they are warned about only once that has
 * failed and the integration is no longer usable (account.disconnected).
 * One event per token expiry: the key (integration, expiry) is kept in
 * event_keys with the event, so later checks, restarts and other nodes send
 * nothing more; a reconnect brings a new expiry and so a new warning.
 */
import type { AppContext } from '../../context.ts';
import { defineRecurringJob } from '../../jobs/recurring.ts';
import { canRefresh } from '../integrations/refreshability.ts';
import { tokenExpiringData } from './state.ts';
import { withEvents, writeAccountEvent } from './write.ts';

/** When the row's authorization runs out for good, or null when it renews itself. */
export function hardExpiry(row: {
  platform: string;
  refresh_token_enc: string | null;
  access_token_expires_at: string | null;
  refresh_token_expires_at: string | null;
}): string | null {
  if (!canRefresh(row)) return row.access_token_expires_at;
  if (row.refresh_token_enc !== null) return row.refresh_token_expires_at;
  return null;
}

/** One check; answers how many warnings it wrote. */
export async function warnExpiringTokens(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const until = new Date(
    now.getTime() + ctx.config.ACCOUNT_TOKEN_EXPIRY_WARNING_DAYS * 86_400_000,
  ).toISOString();
  const rows = await ctx.store.db
    .selectFrom('integrations')
    .selectAll()
    .where('auth_status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb.and([eb('access_token_expires_at', '>', nowIso), eb('access_token_expires_at', '<=', until)]),
        eb.and([eb('refresh_token_expires_at', '>', nowIso), eb('refresh_token_expires_at', '<=', until)]),
      ]),
    )
    .execute();
  let written = 0;
  for (const row of rows) {
    const expiresAt = hardExpiry(row);
    if (expiresAt === null || expiresAt <= nowIso || expiresAt > until) continue;
    const sent = await withEvents(ctx, (trx) =>
      writeAccountEvent(ctx, trx, {
        type: 'account.token_expiring',
        projectId: row.project_id,
        data: tokenExpiringData(row, expiresAt),
        onceKey: `token_expiring:${row.id}:${expiresAt}`,
      }),
    );
    if (sent) written++;
  }
  return written;
}

export const tokenExpiryWarningJob = defineRecurringJob({
  kind: 'warn_expiring_tokens',
  timeoutMs: 10 * 60_000,
  everyMs: (config) => config.ACCOUNT_TOKEN_EXPIRY_CHECK_SECONDS * 1000,
  firstRunAfterMs: () => 60_000,
  async run(ctx) {
    const written = await warnExpiringTokens(ctx);
    if (written) ctx.log.info({ written }, 'warned about tokens that will expire without renewal');
  },
});
