/**
 * The target state machine and the attempt ledger, as pure rules.
 *
 * Target: scheduled | pending ──(its job starts)──► publishing ──► published | failed
 *         scheduled ──(cancel wins the race)──► draft (nothing goes out)
 * Post:   derived from its targets once all are final: published when every
 *         target published without a warning, failed when every target failed,
 *         partial otherwise.
 *
 * The ledger (post_targets.ledger, JSON) records what happened at the platform:
 * `createInFlight` is written right before the one call that creates the post,
 * `created` right after, so a later attempt that finds a create in flight without
 * a result reconciles instead of creating again.
 */

import type { Checkpoint } from '../../platforms/contract.ts';
import type { TargetDerivative } from './target-media.ts';

export const FINAL_TARGET_STATES = new Set(['published', 'failed']);
/** States from which a publish job may (still) act on a target. */
export const ACTIVE_TARGET_STATES = new Set(['scheduled', 'pending', 'publishing']);

export type FinalPostStatus = 'published' | 'partial' | 'failed';

export interface Ledger {
  /** When a job first took the target (lateness = startedAt − scheduledFor). */
  startedAt?: string;
  /** publish() was called: the platform may have been reached (no refund on failure). */
  reachedPlatform?: boolean;
  /** The create call is about to be / was made and its result is not recorded yet. */
  createInFlight?: { since: string; attempt: number; info?: Checkpoint } | null;
  created?: {
    platformPostId: string;
    platformPostUrl: string;
    at: string;
    /** `unconfirmed`: published from `exists` when what finishes the post could not be confirmed. */
    via: 'publish' | 'reconcile' | 'unconfirmed';
    /** Published to the sandbox simulator, not the real platform (the post's answers say `sandbox: true`). */
    sandbox?: boolean;
    /** What went wrong around the post (a thumbnail...), kept while its first comment is posted. */
    warning?: string;
  };
  /**
   * The platform holds the post (PublishContext.recordExists) while steps that
   * finish it remain: a failure from here on publishes it with a warning instead.
   * Cleared by a new create call and by a reconcile that finds no post.
   */
  exists?: { platformPostId: string; platformPostUrl: string; awaiting: string; at: string } | null;
  /** The first comment under the live post (first-comment.ts), like the create: in flight, then its id. */
  firstComment?: FirstCommentLedger;
  transientFailures?: number;
  rateLimitWaits?: number;
  authRefreshes?: number;
  /**
   * Until when (ISO) the target waits for the platform's rate limit or daily quota
   * (YouTube's resets at midnight Pacific time, up to a day away); its
   * warningMessage says so while it waits. Cleared when the next run starts.
   */
  waitingUntil?: string | null;
  /** When the platform first answered "still processing" (bounds the total wait, PUBLISH_PENDING_TIMEOUT_MS). */
  pendingSince?: string;
  /** The derivatives this target publishes instead of originals its platform would refuse (target-media.ts); [] when none. */
  media?: TargetDerivative[];
  /** The last few things that happened, newest last (for support). */
  history?: { at: string; event: string; detail?: string }[];
}

/**
 * A first comment's own ledger: `inFlight` is written right before the one call
 * that creates it, `commentId` (posted) or `failed` (given up, a warning) after;
 * a run that finds it in flight asks the platform before commenting again.
 */
export interface FirstCommentLedger {
  inFlight?: { since: string } | null;
  commentId?: string;
  /** Why it was given up (the target's warning says so too). */
  failed?: string;
  /** The module's publish step handled it before the engine did (a checkpoint of an earlier version). */
  handledByPublish?: boolean;
  /** Failed calls that may be retried, and rate-limit waits, so far. */
  failures?: number;
  rateLimitWaits?: number;
}

export function parseLedger(text: string | null): Ledger {
  if (!text) return {};
  try {
    return JSON.parse(text) as Ledger;
  } catch {
    return {};
  }
}

/** The ledger with one more history line (the last 20 are kept). */
export function withHistory(ledger: Ledger, at: string, event: string, detail?: string): Ledger {
  const history = [...(ledger.history ?? []), detail === undefined ? { at, event } : { at, event, detail }];
  return { ...ledger, history: history.slice(-20) };
}

/** The post's status once every target is final, or null while any is not. */
export function derivePostStatus(
  targets: readonly { status: string; warning_message: string | null }[],
): FinalPostStatus | null {
  if (targets.length === 0) return null;
  if (!targets.every((t) => FINAL_TARGET_STATES.has(t.status))) return null;
  if (targets.every((t) => t.status === 'failed')) return 'failed';
  if (targets.every((t) => t.status === 'published' && !t.warning_message)) return 'published';
  return 'partial';
}

export const finalEventType = (status: FinalPostStatus): string => `post.${status}`;
