/**
 * The first comment of a live target, run by the publish job between "the post
 * is on the platform" and settling the target, so the target's one settlement
 * (and with the post's last target, its status and final event) already knows
 * whether the comment went out: a comment that was not posted is a warning, and
 * the post ends `partial` (interface.md, States and transitions).
 *
 * Exactly once, like the post's create (DESIGN.md "Publishing, exactly once"):
 * the ledger records `firstComment.inFlight` right before the one call that
 * creates the comment and its id right after. A run that finds it in flight
 * (a crash, a lost answer) asks the platform (`find`) before posting again;
 * when the platform can not tell, the comment is given up with a message to
 * check the post, never posted twice. Failures are decided by
 * decideFirstComment (first-comment-outcome.ts).
 */
import type { AppContext } from '../../context.ts';
import type { RetryLater } from '../../jobs/catalog.ts';
import { PlatformError } from '../../platforms/contract.ts';
import { EngagementRefusal } from '../../platforms/engagement.ts';
import type { FirstCommentContext, PlatformFirstComment } from '../../platforms/first-comment.ts';
import { type CommentDecision, type CommentEvent, decideFirstComment } from './first-comment-outcome.ts';
import type { PublishLimits } from './outcome.ts';
import { type FirstCommentLedger, type Ledger, withHistory } from './state.ts';
import { LeaseLost } from './transitions-types.ts';

export interface CommentRun {
  ctx: AppContext;
  platform: string;
  capability: PlatformFirstComment;
  limits: PublishLimits;
  /** The ledger as this run knows it. */
  ledger(): Ledger;
  /** Writes the ledger (fenced by the job's lease) and keeps the result as this run's. */
  update(change: (l: Ledger) => Ledger): Promise<void>;
  /** The context of the platform calls (fresh credentials after a refresh). */
  context(): FirstCommentContext;
  signal: AbortSignal;
}

/** Done (with the warning it leaves, if any), or run the job again later. */
export type CommentStep = { warning?: string } | RetryLater;

const stateOf = (l: Ledger): FirstCommentLedger => l.firstComment ?? {};

/**
 * Posts the target's first comment unless the ledger says it was posted or
 * given up. A refused token is thrown (the publish loop refreshes it once and
 * runs this again); every other failure is decided here.
 */
export async function runFirstComment(run: CommentRun): Promise<CommentStep> {
  const done = settled(stateOf(run.ledger()));
  if (done) return done;
  try {
    const state = stateOf(run.ledger());
    if (!state.inFlight) {
      const earlier = run.capability.earlier?.(run.context().checkpoint);
      if (earlier === 'handled') {
        await record(run, { inFlight: null, handledByPublish: true }, 'first_comment_earlier');
        return {};
      }
      if (earlier) {
        await record(
          run,
          { inFlight: null, commentId: earlier.commentId },
          'first_comment_posted',
          'earlier',
        );
        return {};
      }
    }
    if (state.inFlight) {
      const found = await run.capability.find(run.context());
      if (found.state === 'found') {
        await record(run, { inFlight: null, commentId: found.commentId }, 'first_comment_posted', 'found');
        return {};
      }
      if (found.state === 'unknown')
        return carryOut(run, decide(run, { kind: 'find_unknown', reason: found.reason }));
      await record(run, { inFlight: null }, 'first_comment_reconciled', 'absent: commenting again');
    }
    if (run.signal.aborted) throw new LeaseLost();
    await record(run, { inFlight: { since: run.ctx.now().toISOString() } }, 'first_comment_in_flight');
    const commentId = await run.capability.post(run.context());
    await record(run, { inFlight: null, commentId }, 'first_comment_posted');
    return {};
  } catch (err) {
    if (err instanceof LeaseLost || run.signal.aborted) throw err;
    // A refused token goes back to the publish loop's one refresh; the run then comes here again.
    if (err instanceof PlatformError && err.errorClass === 'auth') throw err;
    return carryOut(run, decide(run, eventOf(err)));
  }
}

/** After the account itself failed while commenting (a refresh that failed, a token refused again). */
export function commentAccountFailure(
  run: CommentRun,
  final: boolean,
  message: string,
): Promise<CommentStep> {
  return carryOut(run, decide(run, { kind: 'account_unavailable', final, message }));
}

/** What a settled comment state leaves: nothing more to do, with its warning when it was given up. */
function settled(s: FirstCommentLedger): { warning?: string } | undefined {
  if (s.commentId) return {};
  if (s.handledByPublish) return {};
  if (s.failed) return { warning: s.failed };
  return undefined;
}

function eventOf(err: unknown): CommentEvent {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof EngagementRefusal) return { kind: 'error', errorClass: 'refused', message };
  if (err instanceof PlatformError)
    return {
      kind: 'error',
      errorClass: err.errorClass,
      message,
      ...(err.retryAfterMs !== undefined ? { retryAfterMs: err.retryAfterMs } : {}),
    };
  return { kind: 'error', errorClass: 'unexpected', message };
}

function decide(run: CommentRun, event: CommentEvent): CommentDecision {
  const s = stateOf(run.ledger());
  return decideFirstComment(
    event,
    {
      platform: run.platform,
      inFlight: Boolean(s.inFlight),
      failures: s.failures ?? 0,
      rateLimitWaits: s.rateLimitWaits ?? 0,
    },
    run.limits,
  );
}

async function carryOut(run: CommentRun, d: CommentDecision): Promise<CommentStep> {
  switch (d.action) {
    case 'give_up':
      await record(run, { inFlight: null, failed: d.warning }, 'first_comment_failed', d.warning);
      return { warning: d.warning };
    case 'retry':
      await record(
        run,
        { failures: d.failures, ...(d.inFlight ? {} : { inFlight: null }) },
        'first_comment_retry',
        d.reason,
      );
      return { retryInMs: d.inMs, reason: d.reason, countsAsAttempt: false };
    case 'wait_rate_limit':
      await record(
        run,
        { rateLimitWaits: d.rateLimitWaits, ...(d.inFlight ? {} : { inFlight: null }) },
        'first_comment_rate_limited',
        d.reason,
      );
      return { retryInMs: d.inMs, reason: d.reason, countsAsAttempt: false };
  }
}

function record(run: CommentRun, patch: FirstCommentLedger, event: string, detail?: string): Promise<void> {
  const at = run.ctx.now().toISOString();
  return run.update((l) =>
    withHistory({ ...l, firstComment: { ...stateOf(l), ...patch } }, at, event, detail),
  );
}
