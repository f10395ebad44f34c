/**
 * One run of a target's publish job: take the target, reconcile a create left in
 * flight, otherwise publish through the adapter. Whatever is not a success (an
 * error class, a `pending` answer, a failed refresh) goes to decidePublishOutcome
 * (./outcome.ts), the one pure function that says what happens next; this file
 * only carries its decision out (DESIGN.md "Publishing, exactly once"):
 * - retry after a backoff, keeping a create in flight when its outcome is unknown
 * - wait for the rate limit; look again when the platform is still processing
 *   (neither counts as an attempt, and the job holds no worker while it waits)
 * - refresh the token once and try again in this run
 * - fail with a message for the user (refunded unless the create call has an unknown outcome)
 * Never a second create while the ledger says one is in flight without a result.
 */

import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { observeLateness } from '../../http/service-metrics.ts';
import type { RetryLater, RunningJob } from '../../jobs/catalog.ts';
import { deadline } from '../../net/deadline.ts';
import { authEnv, platformUrlsOf } from '../../platforms/auth-registry.ts';
import {
  type Checkpoint,
  PlatformError,
  type PlatformPublisher,
  type PublishContext,
  type TargetInput,
} from '../../platforms/contract.ts';
import type { PlatformFirstComment } from '../../platforms/first-comment.ts';
import { isPlatform, type Platform } from '../../platforms/names.ts';
import { mediaToPlatformError } from '../../platforms/shared/media.ts';
import { isStoreFull, isStoreUnavailable } from '../../store/unavailable.ts';
import {
  type AccountAccess,
  AccountUnavailable,
  RefusedAfterRefresh,
  withAccount,
} from '../integrations/account-access.ts';
import { announceCapReached, capRefusals } from '../platform-spend/caps.ts';
import { recordPublishSpend } from '../platform-spend/ledger.ts';
import type { Outcome } from './batch-settle.ts';
import { type CommentRun, commentAccountFailure, runFirstComment } from './first-comment.ts';
import { withCommentNotPosted } from './first-comment-outcome.ts';
import {
  decidePublishOutcome,
  type Phase,
  type PublishDecision,
  type PublishEvent,
  type PublishLimits,
} from './outcome.ts';
import type { Ledger } from './state.ts';
import { withHistory } from './state.ts';
import { MediaConverting, MediaNotFitted, prepareTargetMedia } from './target-media.ts';
import { type Actor, LeaseLost, settleTarget, startAttempt, updateLedger } from './transitions.ts';

/** A post that is on the platform, from publish, reconcile or the ledger. */
interface LivePost {
  platformPostId: string;
  platformPostUrl: string;
  warning?: string;
  via: NonNullable<Ledger['created']>['via'];
}

export interface PublishPayload {
  postId: string;
  targetId: string;
}

/** The engine's limits from the configuration. */
export const publishLimits = (config: Config): PublishLimits => ({
  maxAttempts: config.PUBLISH_MAX_ATTEMPTS,
  retryBaseMs: config.PUBLISH_RETRY_BASE_MS,
  retryMaxMs: 300_000,
  maxRateLimitWaits: 20,
  defaultRateLimitWaitMs: 60_000,
  pendingTimeoutMs: config.PUBLISH_PENDING_TIMEOUT_MS,
});

export async function runPublishAttempt(
  job: RunningJob<PublishPayload>,
  ctx: AppContext,
): Promise<undefined | RetryLater> {
  const a: Actor = {
    jobId: job.id,
    leaseOwner: job.leaseOwner,
    projectId: job.projectId ?? '',
    postId: job.payload.postId,
    targetId: job.payload.targetId,
  };
  const start = await startAttempt(ctx, a);
  if (start.kind === 'done') return undefined;
  if (start.kind === 'not_due') return { retryInMs: start.waitMs, countsAsAttempt: false };
  const { post, target } = start;
  let ledger: Ledger = start.ledger;
  // A wait for the platform's rate limit or quota is over: its note leaves the target's state.
  if (ledger.waitingUntil)
    ledger = await updateLedger(ctx, a, (l) => ({ ledger: { ...l, waitingUntil: null }, warning: null }));
  if (start.firstStart && post.was_scheduled && post.scheduled_for && ledger.startedAt)
    observeLateness(
      ctx,
      target.platform,
      (Date.parse(ledger.startedAt) - Date.parse(post.scheduled_for)) / 1000,
    );
  // Made on first use: most attempts log nothing, and a child logger costs more than the rest of a start.
  let childLog: PublishContext['log'] | undefined;
  const log = () => {
    childLog ??= ctx.log.child({ postId: post.id, targetId: target.id, platform: target.platform });
    return childLog;
  };
  let reached = ledger.reachedPlatform === true;
  let refreshed = false;
  const limits = publishLimits(ctx.config);
  /** The post is live and this run is at its first comment: failures are the comment's, not the post's. */
  let commenting = false;
  /** What the last decision was about, for the metrics' error class of a failure. */
  let lastEvent: PublishEvent | null = null;
  const decide = (event: PublishEvent, phase: Phase): PublishDecision => {
    lastEvent = event;
    return decidePublishOutcome(
      event,
      {
        platform,
        phase,
        createInFlight: Boolean(ledger.createInFlight),
        reachedPlatform: reached,
        refreshedThisRun: refreshed,
        transientFailures: ledger.transientFailures ?? 0,
        rateLimitWaits: ledger.rateLimitWaits ?? 0,
        pendingSince: ledger.pendingSince,
        postExists: ledger.exists,
        now: ctx.now(),
      },
      limits,
    );
  };

  const platform = target.platform;
  const adapter = isPlatform(platform) ? ctx.platforms[platform].publisher : undefined;
  if (!isPlatform(platform) || !adapter) return carryOut(decide({ kind: 'unsupported' }, 'prepare'));
  const endpoints = ctx.endpoints[platform];
  let access: AccountAccess;
  try {
    access = await ctx.accounts.credentials(ctx, target.integration_id);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // A database that dropped the connection (a failover, a cut) or is full is worth a retry, like
    // an account that is briefly unavailable; anything else unexpected about the account is final.
    const final =
      err instanceof AccountUnavailable ? err.final : !isStoreUnavailable(err) && !isStoreFull(err);
    return carryOut(decide({ kind: 'account_unavailable', final, message }, 'prepare'));
  }
  const input: TargetInput = {
    platform,
    integrationId: target.integration_id,
    content: target.content ?? post.content,
    mediaItems: JSON.parse(post.media) as TargetInput['mediaItems'],
    platformSpecificData: JSON.parse(target.platform_specific_data) as Record<string, unknown>,
    ...(post.was_scheduled && post.scheduled_for ? { scheduledFor: post.scheduled_for } : {}),
  };
  // The adapter's calls end with the job (lease lost, worker stopping) or when the attempt runs too long.
  const attemptDeadline = deadline(ctx.config.PUBLISH_ATTEMPT_TIMEOUT_MS, job.signal);
  const { signal } = attemptDeadline;
  // Media the platform would refuse is fitted to it first (target-media.ts), once: a retry or a
  // restart publishes the derivatives the ledger recorded, never converts again.
  let derivatives = ledger.media;
  if (!derivatives) {
    let converting = false;
    try {
      derivatives = await prepareTargetMedia(
        ctx,
        ctx.platforms[platform],
        post,
        {
          platform,
          accountId: target.integration_id,
          platformSpecificData: input.platformSpecificData ?? {},
        },
        signal,
        async () => {
          // Only a target that converts shows it (and pays the write).
          converting = true;
          ledger = await updateLedger(ctx, a, (l) => ({ ledger: l, warning: PROCESSING_MEDIA }));
        },
      );
    } catch (err) {
      if (err instanceof LeaseLost || job.signal.aborted) throw err;
      // The video is being converted (the convert_media job wakes this job when it is done;
      // the poll is the fallback when it ran in another process). Waiting is not an attempt.
      if (err instanceof MediaConverting)
        return { retryInMs: CONVERSION_POLL_MS, reason: PROCESSING_MEDIA, countsAsAttempt: false };
      const refusal = mediaToPlatformError(err);
      const message = err instanceof Error ? err.message : String(err);
      const event: PublishEvent =
        err instanceof MediaNotFitted
          ? { kind: 'error', errorClass: 'permanent', message }
          : refusal instanceof PlatformError
            ? { kind: 'error', errorClass: refusal.errorClass, message: refusal.message }
            : { kind: 'error', errorClass: 'unexpected', message: `media conversion failed: ${message}` };
      if (converting) ledger = await updateLedger(ctx, a, (l) => ({ ledger: l, warning: null }));
      return carryOut(decide(event, 'prepare'));
    }
    const made = derivatives;
    if (converting || made.length > 0)
      ledger = await updateLedger(ctx, a, (l) => ({ ledger: { ...l, media: made }, warning: null }));
  }
  for (const d of derivatives) {
    const original = input.mediaItems[d.item];
    if (original)
      input.mediaItems[d.item] = {
        ...original,
        url: d.url,
        filename: d.url.split('/').pop() ?? null,
        size: d.size,
        mimeType: d.mimeType,
      } as (typeof input.mediaItems)[number];
  }
  const mediaWarning = derivatives.map((d) => d.description).join('; ') || undefined;
  let checkpoint: Checkpoint = target.checkpoint ? (JSON.parse(target.checkpoint) as Checkpoint) : {};
  const publishContext = (): PublishContext => ({
    target: input,
    account: access.account,
    checkpoint,
    saveCheckpoint: async (patch) => {
      checkpoint = { ...checkpoint, ...patch };
      ledger = await updateLedger(ctx, a, (l) => ({ ledger: { ...l, reachedPlatform: true }, checkpoint }));
    },
    beginCreate: async (info) => {
      if (job.signal.aborted) throw new LeaseLost();
      const since = ctx.now().toISOString();
      checkpoint = { ...checkpoint, ...(info ?? {}) };
      ledger = await updateLedger(ctx, a, (l) => ({
        ledger: withHistory(
          {
            ...l,
            reachedPlatform: true,
            createInFlight: { since, attempt: target.attempt, ...(info ? { info } : {}) },
            // A new create call: a post an earlier one recorded (then lost to a restart) is not this one.
            exists: null,
          },
          since,
          'create_in_flight',
        ),
        checkpoint,
      }));
    },
    recordExists: async (post, info) => {
      const at = ctx.now().toISOString();
      if (info) checkpoint = { ...checkpoint, ...info };
      ledger = await updateLedger(ctx, a, (l) => ({
        ledger: withHistory({ ...l, exists: { ...post, at } }, at, 'exists', post.platformPostId),
        ...(info ? { checkpoint } : {}),
      }));
    },
    baseUrl: endpoints.url('api', ''),
    extraBaseUrls: endpoints.extraBaseUrls,
    platformUrls: platformUrlsOf(ctx, platform),
    apiVersion: endpoints.apiVersion,
    media: ctx.media,
    signal,
    get log() {
      return log();
    },
    now: ctx.now,
  });

  /** Does what the decision says: settle the target as failed, or record why and when it runs again. */
  async function carryOut(decision: PublishDecision): Promise<RetryLater | undefined> {
    const at = ctx.now().toISOString();
    switch (decision.action) {
      case 'fail':
        await settleTarget(
          ctx,
          a,
          {
            status: 'failed',
            message: decision.message,
            refund: decision.refund,
            errorClass: lastEvent ? errorClassOf(lastEvent) : 'unexpected',
          },
          { requireLease: true },
        );
        return undefined;
      case 'retry':
        ledger = await updateLedger(ctx, a, (l) => ({
          ledger: withHistory(
            {
              ...l,
              transientFailures: decision.transientFailures,
              ...(decision.next === 'publish' ? { createInFlight: null } : {}),
            },
            at,
            'retry',
            decision.reason,
          ),
        }));
        break;
      case 'wait_rate_limit': {
        // The target stays publishing until then, however far (a daily quota): its state says so.
        const until = new Date(ctx.now().getTime() + decision.inMs).toISOString();
        ledger = await updateLedger(ctx, a, (l) => ({
          ledger: withHistory(
            {
              ...l,
              rateLimitWaits: decision.rateLimitWaits,
              waitingUntil: until,
              ...(decision.next === 'publish' ? { createInFlight: null } : {}),
            },
            at,
            'rate_limited',
            decision.reason,
          ),
          warning: waitingMessage(platform, until, decision.reason),
        }));
        break;
      }
      case 'look_again':
        ledger = await updateLedger(ctx, a, (l) => ({
          ledger: withHistory({ ...l, pendingSince: decision.pendingSince }, at, 'pending', decision.reason),
        }));
        break;
      case 'published_unconfirmed': {
        // Not confirmed live: its first comment is not posted, and the warning says so.
        const warning = target.first_comment ? withCommentNotPosted(decision.warning) : decision.warning;
        await settleTarget(ctx, a, publishedUnconfirmed({ ...decision, warning }), { requireLease: true });
        return undefined;
      }
      case 'refresh_then_retry':
        throw new Error('a token refresh is carried out by the publish loop');
    }
    return { retryInMs: decision.inMs, reason: decision.reason, countsAsAttempt: false };
  }

  // A platform that charges per call (X) may have a monthly cap: checked before anything is sent.
  if (!reached && !ledger.createInFlight && !ledger.created) {
    const [over] = await capRefusals(ctx, a.projectId, [input]);
    if (over) {
      attemptDeadline.clear();
      await announceCapReached(ctx, a.projectId, over.platform, target.integration_id, over.message);
      return carryOut(decide({ kind: 'error', errorClass: 'permanent', message: over.message }, 'prepare'));
    }
  }

  try {
    return await publishUntilSettled(adapter);
  } finally {
    attemptDeadline.clear();
  }

  /**
   * Reconciles a create left in flight, else publishes, through withAccount: a
   * refused token is refreshed once there and the same step runs again.
   */
  async function publishUntilSettled(adapter: PlatformPublisher): Promise<undefined | RetryLater> {
    let phase: Phase = 'publish';
    let event: PublishEvent;
    try {
      return await withAccount(
        ctx,
        target.integration_id,
        async (_account, current) => {
          access = current;
          phase = ledger.createInFlight ? 'reconcile' : 'publish';
          return publishOrReconcile(adapter, (p) => {
            phase = p;
          });
        },
        { access, onRefreshed: (refusal) => onRefreshed(refusal, phase) },
      );
    } catch (err) {
      if (err instanceof LeaseLost || job.signal.aborted) throw err;
      const message = err instanceof Error ? err.message : String(err);
      const comment = commenting && ledger.created ? commentFailure(err, message) : undefined;
      if (comment) return comment;
      if (err instanceof RefusedAfterRefresh) {
        event = { kind: 'error', errorClass: 'auth', message: err.refusal.message };
      } else if (err instanceof AccountUnavailable) {
        event = { kind: 'refresh_failed', final: err.final, message };
      } else if (err instanceof PlatformError) {
        event = {
          kind: 'error',
          errorClass: err.errorClass,
          message,
          ...(err.retryAfterMs !== undefined ? { retryAfterMs: err.retryAfterMs } : {}),
        };
      } else {
        log().warn({ err }, 'publish attempt failed unexpectedly');
        event = { kind: 'error', errorClass: 'unexpected', message };
      }
    }
    return carryOut(decide(event, phase));
  }

  /** The account failed while the live post's first comment was being posted: the comment's outcome, not the post's. */
  function commentFailure(err: unknown, message: string): Promise<undefined | RetryLater> | undefined {
    const c = ledger.created;
    const capability = isPlatform(platform) ? ctx.platforms[platform].firstComment : undefined;
    if (!c || !capability || !target.first_comment) return undefined;
    const final = err instanceof RefusedAfterRefresh || (err instanceof AccountUnavailable && err.final);
    const why = err instanceof RefusedAfterRefresh ? err.refusal.message : message;
    return commentAccountFailure(
      commentRun(capability, c.platformPostId, target.first_comment),
      final,
      why,
    ).then(async (step) => {
      if ('retryInMs' in step) return step;
      const warning = [c.warning, step.warning].filter(Boolean).join('; ');
      const published = { platformPostId: c.platformPostId, platformPostUrl: c.platformPostUrl, via: c.via };
      await settleTarget(
        ctx,
        a,
        { status: 'published', ...published, ...(warning ? { warning } : {}) },
        { requireLease: false },
      );
      return undefined;
    });
  }

  /** Between a refused token and the call after the refresh: what the refusal means for the ledger. */
  async function onRefreshed(refusal: PlatformError, phase: Phase): Promise<void> {
    const decision = decide({ kind: 'error', errorClass: 'auth', message: refusal.message }, phase);
    refreshed = true;
    if (decision.action !== 'refresh_then_retry' || !decision.clearInFlight) return;
    // The platform refused the create call: the post was not created.
    const at = ctx.now().toISOString();
    ledger = await updateLedger(ctx, a, (l) => ({
      ledger: withHistory(
        { ...l, createInFlight: null, authRefreshes: (l.authRefreshes ?? 0) + 1 },
        at,
        'auth_refreshed',
      ),
    }));
  }

  /**
   * The post is on the platform: its first comment, if the target has one, then
   * the target settles published (with the comment's warning, if it was not
   * posted). The created post is recorded first, so no later run creates it again.
   */
  async function live(r: LivePost): Promise<undefined | RetryLater> {
    const capability = isPlatform(platform) ? ctx.platforms[platform].firstComment : undefined;
    let warning = withMediaWarning(mediaWarning, r.warning);
    if (target.first_comment && capability) {
      if (!ledger.created) {
        const at = ctx.now().toISOString();
        const created = { ...r, at };
        ledger = await updateLedger(ctx, a, (l) => ({
          ledger: withHistory({ ...l, createInFlight: null, created }, at, 'created', r.via),
        }));
      }
      commenting = true;
      const step = await runFirstComment(commentRun(capability, r.platformPostId, target.first_comment));
      if ('retryInMs' in step) return step;
      warning =
        [withMediaWarning(mediaWarning, r.warning), step.warning].filter(Boolean).join('; ') || undefined;
    }
    const published = { platformPostId: r.platformPostId, platformPostUrl: r.platformPostUrl, via: r.via };
    await recordPublishSpend(ctx, {
      projectId: a.projectId,
      targetId: target.id,
      integrationId: target.integration_id,
      platform,
      target: input,
    });
    await settleTarget(
      ctx,
      a,
      { status: 'published', ...published, ...(warning ? { warning } : {}) },
      { requireLease: false },
    );
    return undefined;
  }

  function commentRun(capability: PlatformFirstComment, platformPostId: string, text: string): CommentRun {
    const env = authEnv(ctx, platform as Platform);
    return {
      ctx,
      platform,
      capability,
      limits,
      ledger: () => ledger,
      update: async (change) => {
        ledger = await updateLedger(ctx, a, (l) => ({ ledger: change(l) }));
      },
      context: () => ({ env, account: access.account, platformPostId, checkpoint, text, signal }),
      signal,
    };
  }

  /** One pass: settle a known result, reconcile a create in flight, publish; errors are thrown. */
  async function publishOrReconcile(
    adapter: PlatformPublisher,
    enter: (phase: Phase) => void,
  ): Promise<undefined | RetryLater> {
    if (ledger.created) {
      const c = ledger.created;
      return live({
        platformPostId: c.platformPostId,
        platformPostUrl: c.platformPostUrl,
        via: c.via,
        ...(c.warning ? { warning: c.warning } : {}),
      });
    }
    if (ledger.createInFlight) {
      enter('reconcile');
      const found = await adapter.reconcile(publishContext());
      if (found.state === 'published') {
        const r = {
          platformPostId: found.platformPostId,
          platformPostUrl: found.platformPostUrl,
          ...(found.warningMessage ? { warning: found.warningMessage } : {}),
        };
        return live({ ...r, via: 'reconcile' });
      }
      if (found.state === 'unknown')
        return carryOut(decide({ kind: 'reconcile_unknown', reason: found.reason }, 'reconcile'));
      if (found.state === 'pending') return carryOut(decide({ kind: 'pending', ...found }, 'reconcile'));
      const at = ctx.now().toISOString();
      ledger = await updateLedger(ctx, a, (l) => ({
        ledger: withHistory(
          { ...l, createInFlight: null, exists: null },
          at,
          'reconciled',
          'absent: creating again',
        ),
      }));
    }
    enter('publish');
    reached = true;
    const result = await adapter.publish(publishContext());
    if (result.state === 'pending') return carryOut(decide({ kind: 'pending', ...result }, 'publish'));
    return live({
      platformPostId: result.platformPostId,
      platformPostUrl: result.platformPostUrl,
      ...(result.warningMessage ? { warning: result.warningMessage } : {}),
      via: 'publish',
    });
  }
}

/** What a target waiting for the platform's rate limit or daily quota shows as its warningMessage. */
export const waitingMessage = (platform: string, until: string, reason: string): string =>
  `Waiting for ${platform}'s rate limit or daily quota until ${until} (${reason}); publishing goes on by itself then`;

/** The settlement of a post the platform holds though what finishes it could not be confirmed. */
export const publishedUnconfirmed = (
  d: Extract<PublishDecision, { action: 'published_unconfirmed' }>,
): Outcome => ({
  status: 'published',
  platformPostId: d.platformPostId,
  platformPostUrl: d.platformPostUrl,
  warning: d.warning,
  via: 'unconfirmed',
});

/** The metrics' name for why a target failed: the platform error's class, or what else happened. */
function errorClassOf(event: PublishEvent): string {
  if (event.kind === 'error') return event.errorClass;
  return event.kind === 'pending' ? 'pending_timeout' : event.kind;
}

/** What a target shows while its media is being converted for its platform. */
export const PROCESSING_MEDIA = 'processing media';
/** How often a target waiting for a conversion made in another process looks again. */
const CONVERSION_POLL_MS = 2_000;

/** The conversions' note before the platform's own warning (once, should the platform's already carry it). */
function withMediaWarning(media: string | undefined, warning: string | undefined): string | undefined {
  if (!media || warning?.includes(media)) return warning;
  return [media, warning].filter(Boolean).join('; ');
}
