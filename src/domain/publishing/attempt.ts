/**
 * One run of a target's publish job: take the target, reconcile a create left in
 * flight, otherwise publish through the adapter, and let the adapter's error
 * class decide what happens next (DESIGN.md "Publishing, exactly once"):
 * - auth: one token refresh, then again; refused again → fail (reconnect)
 * - rate_limited: run again after the wait the platform gave (not an attempt)
 * - transient: retry with backoff up to PUBLISH_MAX_ATTEMPTS
 * - permanent: fail with the platform's message
 * - unknown_outcome: keep the create "in flight" and reconcile on the next run
 * Never a second create while the ledger says one is in flight without a result.
 */
import type { AppContext } from '../../context.ts';
import { backoffMs, type RetryLater, type RunningJob } from '../../jobs/catalog.ts';
import { deadline } from '../../net/deadline.ts';
import {
  type Checkpoint,
  PlatformError,
  type PlatformPublisher,
  type PublishContext,
  type TargetInput,
} from '../../platforms/contract.ts';
import { isPlatform } from '../../platforms/names.ts';
import { type AccountAccess, AccountUnavailable } from '../integrations/account-access.ts';
import type { Ledger } from './state.ts';
import { withHistory } from './state.ts';
import { type Actor, LeaseLost, settleTarget, startAttempt, updateLedger } from './transitions.ts';

export interface PublishPayload {
  postId: string;
  targetId: string;
}

const MAX_RATE_LIMIT_WAITS = 20;
const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;

export const checkAccountMessage = (platform: string, why: string) =>
  `Could not confirm whether the post was created on ${platform} (${why}). Check the account before publishing it again.`;

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
  // Made on first use: most attempts log nothing, and a child logger costs more than the rest of a start.
  let childLog: PublishContext['log'] | undefined;
  const log = () => {
    childLog ??= ctx.log.child({ postId: post.id, targetId: target.id, platform: target.platform });
    return childLog;
  };
  let reached = ledger.reachedPlatform === true;
  const fail = async (message: string) => {
    await settleTarget(ctx, a, { status: 'failed', message, refund: !reached }, { requireLease: true });
    return undefined;
  };

  const platform = target.platform;
  const adapter = isPlatform(platform) ? ctx.platforms[platform].publisher : undefined;
  if (!isPlatform(platform) || !adapter) return fail(`Publishing to ${platform} is not supported`);
  const endpoints = ctx.endpoints[platform];
  let access: AccountAccess;
  try {
    access = await ctx.accounts.credentials(ctx, target.integration_id);
  } catch (err) {
    if (err instanceof AccountUnavailable && !err.final) return retryTransient(err.message);
    return fail(err instanceof Error ? err.message : String(err));
  }
  const input: TargetInput = {
    platform,
    integrationId: target.integration_id,
    content: target.content ?? post.content,
    mediaItems: JSON.parse(post.media) as TargetInput['mediaItems'],
    platformSpecificData: JSON.parse(target.platform_specific_data) as Record<string, unknown>,
  };
  // The adapter's calls end with the job (lease lost, worker stopping) or when the attempt runs too long.
  const attemptDeadline = deadline(ctx.config.PUBLISH_ATTEMPT_TIMEOUT_MS);
  const signal = AbortSignal.any([job.signal, attemptDeadline.signal]);
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
          },
          since,
          'create_in_flight',
        ),
        checkpoint,
      }));
    },
    baseUrl: endpoints.url('api', ''),
    apiVersion: endpoints.apiVersion,
    media: ctx.media,
    signal,
    get log() {
      return log();
    },
    now: ctx.now,
  });

  async function retryTransient(message: string, keepInFlight = false): Promise<RetryLater | undefined> {
    const failures = (ledger.transientFailures ?? 0) + 1;
    if (failures >= ctx.config.PUBLISH_MAX_ATTEMPTS) {
      if (ledger.createInFlight) return fail(checkAccountMessage(platform, message));
      return fail(`${message} (gave up after ${failures} attempts)`);
    }
    const at = ctx.now().toISOString();
    ledger = await updateLedger(ctx, a, (l) => ({
      ledger: withHistory(
        { ...l, transientFailures: failures, ...(keepInFlight ? {} : { createInFlight: null }) },
        at,
        'retry',
        message,
      ),
    }));
    const policy = { maxAttempts: 0, baseDelayMs: ctx.config.PUBLISH_RETRY_BASE_MS, maxDelayMs: 300_000 };
    return { retryInMs: backoffMs(policy, failures), reason: message, countsAsAttempt: false };
  }

  try {
    return await publishUntilSettled(adapter);
  } finally {
    attemptDeadline.clear();
  }

  async function publishUntilSettled(adapter: PlatformPublisher): Promise<undefined | RetryLater> {
    let refreshed = false;
    for (;;) {
      let phase: 'reconcile' | 'publish' = 'publish';
      try {
        if (ledger.created) {
          const c = ledger.created;
          await settleTarget(ctx, a, { status: 'published', ...c, via: c.via }, { requireLease: false });
          return undefined;
        }
        if (ledger.createInFlight) {
          phase = 'reconcile';
          const found = await adapter.reconcile(publishContext());
          if (found.state === 'published') {
            const r = { platformPostId: found.platformPostId, platformPostUrl: found.platformPostUrl };
            await settleTarget(
              ctx,
              a,
              { status: 'published', ...r, via: 'reconcile' },
              { requireLease: false },
            );
            return undefined;
          }
          if (found.state === 'unknown') return fail(checkAccountMessage(platform, found.reason));
          const at = ctx.now().toISOString();
          ledger = await updateLedger(ctx, a, (l) => ({
            ledger: withHistory({ ...l, createInFlight: null }, at, 'reconciled', 'absent: creating again'),
          }));
          phase = 'publish';
        }
        reached = true;
        const result = await adapter.publish(publishContext());
        await settleTarget(
          ctx,
          a,
          {
            status: 'published',
            platformPostId: result.platformPostId,
            platformPostUrl: result.platformPostUrl,
            ...(result.warningMessage ? { warning: result.warningMessage } : {}),
            via: 'publish',
          },
          { requireLease: false },
        );
        return undefined;
      } catch (err) {
        if (err instanceof LeaseLost || job.signal.aborted) throw err;
        const message = err instanceof Error ? err.message : String(err);
        if (!(err instanceof PlatformError)) {
          log().warn({ err }, 'publish attempt failed unexpectedly');
          return retryTransient(message, true);
        }
        // A definite answer to the create call means the post was not created.
        const definite = phase === 'publish' && err.errorClass !== 'unknown_outcome';
        switch (err.errorClass) {
          case 'auth': {
            if (refreshed)
              return fail(
                `${platform} refused the account's authorization even after a token refresh: ${message}. Reconnect the account.`,
              );
            refreshed = true;
            const r = await ctx.accounts.refresh(ctx, target.integration_id, access.tokenVersion);
            if (!r.ok) {
              if (r.final) return fail(`The ${platform} account needs reconnecting: ${r.message}`);
              return retryTransient(`token refresh failed: ${r.message}`, !definite);
            }
            access = r.access;
            if (definite && ledger.createInFlight) {
              const at = ctx.now().toISOString();
              ledger = await updateLedger(ctx, a, (l) => ({
                ledger: withHistory(
                  { ...l, createInFlight: null, authRefreshes: (l.authRefreshes ?? 0) + 1 },
                  at,
                  'auth_refreshed',
                ),
              }));
            }
            continue;
          }
          case 'rate_limited': {
            const waits = (ledger.rateLimitWaits ?? 0) + 1;
            if (waits > MAX_RATE_LIMIT_WAITS)
              return fail(`${message} (still rate limited after ${waits - 1} waits)`);
            const at = ctx.now().toISOString();
            ledger = await updateLedger(ctx, a, (l) => ({
              ledger: withHistory(
                { ...l, rateLimitWaits: waits, ...(definite ? { createInFlight: null } : {}) },
                at,
                'rate_limited',
                message,
              ),
            }));
            return {
              retryInMs: err.retryAfterMs ?? DEFAULT_RATE_LIMIT_WAIT_MS,
              reason: message,
              countsAsAttempt: false,
            };
          }
          case 'transient':
            return retryTransient(message, !definite);
          case 'permanent':
            if (phase === 'reconcile') return fail(checkAccountMessage(platform, message));
            return fail(message);
          case 'unknown_outcome':
            // Keep the create in flight: the next run reconciles before anything else.
            return retryTransient(message, true);
        }
      }
    }
  }
}
