/**
 * The proactive refresh: one system job (fixed id, so every node seeding it
 * yields one row) that refreshes tokens about to expire, clears old OAuth states
 * and selection tokens, and schedules itself again after
 * TOKEN_REFRESH_INTERVAL_SECONDS. Refreshes on auth errors do not wait for it:
 * the engine calls refreshIntegration directly.
 */
import type { AppContext } from '../../context.ts';
import { defineJobKind } from '../../jobs/catalog.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import type { Workers } from '../../workers.ts';
import { purgeExpired } from '../connect/states.ts';
import { refreshExpiringTokens } from './tokens.ts';

export const REFRESH_JOB_ID = 'job_refresh_expiring_tokens';

export const refreshExpiringTokensJob = defineJobKind<Record<string, never>>({
  kind: 'refresh_expiring_tokens',
  retry: { maxAttempts: 1_000_000, baseDelayMs: 30_000, maxDelayMs: 600_000 },
  timeoutMs: 300_000,
  run: async (_job, ctx) => {
    const result = await refreshExpiringTokens(ctx);
    if (result.refreshed || result.needsReconnect || result.failed)
      ctx.log.info(result, 'proactive token refresh done');
    await purgeExpired(ctx);
    return { retryInMs: ctx.config.TOKEN_REFRESH_INTERVAL_SECONDS * 1000, countsAsAttempt: false };
  },
});

/** Makes sure the refresh job exists (a second node's insert collides on the fixed id and is ignored). */
export async function seedRefreshJob(ctx: AppContext): Promise<void> {
  const existing = await ctx.store.db
    .selectFrom('jobs')
    .select('id')
    .where('id', '=', REFRESH_JOB_ID)
    .executeTakeFirst();
  if (existing) return;
  try {
    await enqueue(ctx.store.db, {
      kind: refreshExpiringTokensJob,
      projectId: null,
      payload: {},
      id: REFRESH_JOB_ID,
    });
  } catch (err) {
    const again = await ctx.store.db
      .selectFrom('jobs')
      .select('id')
      .where('id', '=', REFRESH_JOB_ID)
      .executeTakeFirst();
    if (!again) throw err;
  }
}

/** Worker starter: seeds the job once; the job runner does the rest. */
export function startTokenRefreshSchedule(ctx: AppContext): Workers {
  const seeding = seedRefreshJob(ctx).catch((err: Error) =>
    ctx.log.error({ err: err.message }, 'could not schedule the proactive token refresh'),
  );
  return { stop: () => seeding.then(() => {}) };
}
