/**
 * The first-comment capability of a platform module: a comment (or reply) the
 * account posts under its own post once the post is live (the post's top-level
 * `firstComment`, or a target's own, such as YouTube's
 * platformSpecificData.firstComment). The engine calls it after the target is
 * published (src/domain/publishing/first-comment.ts) with the same exactly-once
 * rule as the post's create: it records "about to comment" before `post`, the
 * comment's id after, and after a call whose outcome is unknown it asks `find`
 * before posting again. A module without it (TikTok, Pinterest, Google Business)
 * skips the comment; the answers name it as skipped.
 *
 * Calls fail with PlatformError (`auth` goes to the one refresh-once path) or
 * EngagementRefusal (the platform refused this comment for good: a warning).
 */
import type { Checkpoint } from './contract.ts';
import type { AccountEnv } from './module.ts';
import type { TextMeasure } from './shared/input.ts';

/** One published post of the account and the comment to put under it. */
export interface FirstCommentContext extends AccountEnv {
  /** The post's id on the platform, as publishing recorded it. */
  platformPostId: string;
  /** What publishing checkpointed for the target (Bluesky's record cid, X's thread ids...). */
  checkpoint: Readonly<Checkpoint>;
  text: string;
  /** Cancelled when the job's lease is lost or the attempt runs too long. */
  signal: AbortSignal;
}

/** What `find` learned: the comment is there (its id), it is not, or the platform can not tell. */
export type FirstCommentFound =
  | { state: 'found'; commentId: string }
  | { state: 'absent' }
  | { state: 'unknown'; reason: string };

export interface PlatformFirstComment {
  /** A comment's text as the platform counts it, with its limit (checked at create like every rule). */
  measure(text: string): TextMeasure;
  /**
   * The target's own first comment in its platformSpecificData, which replaces the
   * post's for this target (YouTube's `firstComment`); absent: only the post's.
   */
  ownText?(platformSpecificData: Readonly<Record<string, unknown>>): string | undefined;
  /**
   * True when the target's format takes no comment (Instagram and Facebook Stories):
   * the comment is then skipped for it, as on a platform that can not comment.
   */
  noCommentsOn?(platformSpecificData: Readonly<Record<string, unknown>>): boolean;
  /** The one call that creates the comment; answers its id on the platform. */
  post(ctx: FirstCommentContext): Promise<string>;
  /** After a `post` with no known outcome: is the account's comment with this text under the post? */
  find(ctx: FirstCommentContext): Promise<FirstCommentFound>;
  /**
   * A first comment that publishing itself handled before the engine did (a
   * checkpoint written by an earlier version of the module): its id, or
   * `handled` when it was given up with a warning already. Absent or undefined:
   * the engine posts it.
   */
  earlier?(checkpoint: Readonly<Checkpoint>): { commentId: string } | 'handled' | undefined;
}

/** The text a target comments: its own (YouTube's option) or the post's; null when none or not offered. */
export function firstCommentOf(
  capability: PlatformFirstComment | undefined,
  platformSpecificData: Readonly<Record<string, unknown>>,
  postFirstComment: string | null | undefined,
): string | null {
  if (!capability || capability.noCommentsOn?.(platformSpecificData)) return null;
  const text = capability.ownText?.(platformSpecificData) ?? postFirstComment ?? null;
  return text && text.trim() !== '' ? text : null;
}

/** Counting by code points, the way most platforms' comment limits are written. */
export const measureChars =
  (limit: number) =>
  (text: string): TextMeasure => ({ length: [...text].length, limit, unit: 'characters' });
