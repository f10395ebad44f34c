/**
 * The `publish_target` job kind: one job per target, id `pub_<targetId>`, due at
 * the post's scheduledFor (or at once for publishNow). Runs bounded per platform
 * and per connected account.
 */
import { defineJobKind } from '../../jobs/catalog.ts';
import { type PublishPayload, publishedUnconfirmed, publishLimits, runPublishAttempt } from './attempt.ts';
import { commentNotPosted, commentUnconfirmed, withCommentNotPosted } from './first-comment-outcome.ts';
import { decidePublishOutcome } from './outcome.ts';
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
      .select(['ledger', 'first_comment'])
      .where('id', '=', a.targetId)
      .executeTakeFirst();
    const ledger = parseLedger(target?.ledger ?? null);
    // The post is live (its first comment was being posted): it stays published, the comment is a warning.
    if (ledger.created) {
      const c = ledger.created;
      const fc = ledger.firstComment ?? {};
      const why = `publishing stopped after ${job.attempt} attempts: ${error}`;
      const done = Boolean(fc.commentId || fc.failed || fc.handledByPublish);
      const comment = done
        ? fc.failed
        : fc.inFlight
          ? commentUnconfirmed(job.payload.platform, why)
          : commentNotPosted(why);
      const warning = [c.warning, comment].filter(Boolean).join('; ');
      await settleTarget(
        ctx,
        a,
        {
          status: 'published',
          platformPostId: c.platformPostId,
          platformPostUrl: c.platformPostUrl,
          via: c.via,
          ...(warning ? { warning } : {}),
        },
        { requireLease: true },
      );
      return;
    }
    const decision = decidePublishOutcome(
      { kind: 'exhausted', attempts: job.attempt, message: error },
      {
        platform: job.payload.platform,
        phase: 'prepare',
        createInFlight: Boolean(ledger.createInFlight),
        reachedPlatform: ledger.reachedPlatform === true,
        refreshedThisRun: false,
        transientFailures: ledger.transientFailures ?? 0,
        rateLimitWaits: ledger.rateLimitWaits ?? 0,
        pendingSince: ledger.pendingSince,
        postExists: ledger.exists,
        now: ctx.now(),
      },
      publishLimits(ctx.config),
    );
    if (decision.action === 'published_unconfirmed') {
      const warning = target?.first_comment ? withCommentNotPosted(decision.warning) : decision.warning;
      await settleTarget(ctx, a, publishedUnconfirmed({ ...decision, warning }), { requireLease: true });
      return;
    }
    if (decision.action !== 'fail') throw new Error(`an exhausted publish job can not ${decision.action}`);
    await settleTarget(
      ctx,
      a,
      { status: 'failed', message: decision.message, refund: decision.refund, errorClass: 'exhausted' },
      { requireLease: true },
    );
  },
});
