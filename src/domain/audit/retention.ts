/**
 * Keeping the audit log for AUDIT_RETENTION_DAYS: a recurring job removes older
 * entries in small batches, so a long backlog never holds a long transaction.
 */
import type { AppContext } from '../../context.ts';
import { defineRecurringJob } from '../../jobs/recurring.ts';

const BATCH = 5_000;
const SWEEP_EVERY_MS = 60 * 60_000;

export async function sweepAuditLog(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.AUDIT_RETENTION_DAYS * 86_400_000).toISOString();
  let removed = 0;
  while (!signal?.aborted) {
    const old = await ctx.store.db
      .selectFrom('audit_log')
      .select('id')
      .where('at', '<', cutoff)
      .limit(BATCH)
      .execute();
    if (old.length === 0) break;
    await ctx.store.db
      .deleteFrom('audit_log')
      .where(
        'id',
        'in',
        old.map((r) => r.id),
      )
      .execute();
    removed += old.length;
  }
  return removed;
}

export const auditRetentionJob = defineRecurringJob({
  kind: 'sweep_audit_log',
  timeoutMs: 10 * 60_000,
  maintenance: true,
  everyMs: () => SWEEP_EVERY_MS,
  firstRunAfterMs: () => 5 * 60_000,
  async run(ctx, signal) {
    const removed = await sweepAuditLog(ctx, signal);
    if (removed > 0) ctx.log.info({ removed }, 'removed audit entries past their keeping time');
  },
});
