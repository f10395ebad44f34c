/**
 * The `publish_target` job kind: one job per target, id `pub_<targetId>`, due at
 * the post's scheduledFor (or at once for publishNow). Runs bounded per platform
 * and per connected account.
 */
import { defineJobKind } from '../../jobs/catalog.ts';
import { checkAccountMessage, type PublishPayload, runPublishAttempt } from './attempt.ts';
import { parseLedger } from './state.ts';
import { settleTarget } from './transitions.ts';

/** Jobs of one target are found by id: the posts hooks replace or remove them on edits. */
export const publishJobId = (targetId: string): string => `pub_${targetId}`;

export const publishTargetJob = defineJobKind<PublishPayload & { platform: string; integrationId: string }>({
  kind: 'publish_target',
  // Claims are counted, crashes included; the engine counts platform errors itself
  // (PUBLISH_MAX_ATTEMPTS). This bound only stops a target that keeps killing workers.
  retry: { maxAttempts: 25, baseDelayMs: 1000, maxDelayMs: 60_000 },
  timeoutMs: 10 * 60_000,
  concurrency: (p) => ({ platform: p.platform, account: p.integrationId }),
  run: runPublishAttempt,
  onExhausted: async (job, error, ctx) => {
    const a = {
      jobId: job.id,
      leaseOwner: job.leaseOwner,
      projectId: job.projectId ?? '',
      postId: job.payload.postId,
      targetId: job.payload.targetId,
    };
    const target = await ctx.store.db
      .selectFrom('post_targets')
      .select(['ledger'])
      .where('id', '=', a.targetId)
      .executeTakeFirst();
    const ledger = parseLedger(target?.ledger ?? null);
    const message = ledger.createInFlight
      ? checkAccountMessage(
          job.payload.platform,
          `publishing stopped after ${job.attempt} attempts: ${error}`,
        )
      : `Publishing did not finish after ${job.attempt} attempts: ${error}`;
    await settleTarget(
      ctx,
      a,
      { status: 'failed', message, refund: !ledger.reachedPlatform },
      { requireLease: true },
    );
  },
});
