/**
 * The proactive refresh, a recurring job of the runner: every
 * TOKEN_REFRESH_INTERVAL_SECONDS one worker node refreshes the tokens about to
 * expire (refreshExpiringTokens). (Old OAuth states, selection tokens, hosted
 * connect sessions and platform outcome counters are the retention sweep's:
 * src/domain/retention/expired-records.ts.) One row in the jobs table means one sweep at a time across all nodes;
 * each integration is still refreshed under its own lease. Refreshes on auth
 * errors do not wait for it: the engine calls refreshIntegration.
 */
import type { AppContext } from '../../context.ts';
import { defineRecurringJob } from '../../jobs/recurring.ts';
import { refreshExpiringTokens } from './tokens.ts';

/** One sweep: refresh what expires soon. */
export async function runTokenSweep(ctx: AppContext): Promise<void> {
  const result = await refreshExpiringTokens(ctx);
  if (result.refreshed || result.needsReconnect || result.failed)
    ctx.log.info(result, 'proactive token refresh done');
}

export const tokenRefreshJob = defineRecurringJob({
  kind: 'refresh_expiring_tokens',
  timeoutMs: 10 * 60_000,
  everyMs: (config) => config.TOKEN_REFRESH_INTERVAL_SECONDS * 1000,
  // As the timer it replaces: the first sweep one interval after the row is created.
  firstRunAfterMs: (config) => config.TOKEN_REFRESH_INTERVAL_SECONDS * 1000,
  run: (ctx) => runTokenSweep(ctx),
});
