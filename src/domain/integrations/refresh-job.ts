/**
 * The proactive refresh: every TOKEN_REFRESH_INTERVAL_SECONDS each worker node
 * refreshes the tokens about to expire (refreshExpiringTokens) and clears old
 * OAuth states and selection tokens. Running it on every node at once is safe:
 * each integration is refreshed under its own lease. It is a timer rather than a
 * row in the jobs table so that the queue drains to empty when there is no work.
 * Refreshes on auth errors do not wait for it: the engine calls refreshIntegration.
 */
import type { AppContext } from '../../context.ts';
import type { Workers } from '../../workers.ts';
import { purgeExpired } from '../connect/states.ts';
import { refreshExpiringTokens } from './tokens.ts';

/** One sweep: refresh what expires soon, then housekeeping. */
export async function runTokenSweep(ctx: AppContext): Promise<void> {
  const result = await refreshExpiringTokens(ctx);
  if (result.refreshed || result.needsReconnect || result.failed)
    ctx.log.info(result, 'proactive token refresh done');
  await purgeExpired(ctx);
}

/** Worker starter: a sweep every interval; stop() waits for a sweep in progress. */
export function startTokenRefreshSchedule(ctx: AppContext): Workers {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = runTokenSweep(ctx)
      .catch((err: Error) => ctx.log.error({ err: err.message }, 'proactive token refresh failed'))
      .finally(() => {
        busy = false;
      });
  }, ctx.config.TOKEN_REFRESH_INTERVAL_SECONDS * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
