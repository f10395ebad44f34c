/**
 * Where the publishing engine plugs into the post lifecycle. Each hook runs inside
 * the transaction that changes the post, so work it enqueues (publish jobs,
 * outbox events such as post.scheduled) commits or rolls back with the post.
 * Nothing is registered here by default: without an engine, posts are stored
 * and wait.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import type { PostRow, TargetRow } from './types.ts';

export type PostChange = 'accepted' | 'edited' | 'rescheduled' | 'cancelled' | 'deleted';

export interface PostEvent {
  change: PostChange;
  post: PostRow;
  /** The targets after the change (before it, for `deleted`). */
  targets: TargetRow[];
  /** For `edited`: targets the edit removed (their rows are deleted right after the hooks run). */
  removedTargets?: TargetRow[];
}

export type PostHook = (trx: Transaction<Database>, ctx: AppContext, event: PostEvent) => Promise<void>;

const hooks: PostHook[] = [];

/** Registers a hook; returns a function that removes it again (tests). */
export function addPostHook(hook: PostHook): () => void {
  hooks.push(hook);
  return () => {
    const i = hooks.indexOf(hook);
    if (i >= 0) hooks.splice(i, 1);
  };
}

/** Shorthand for the create path: called once per accepted post with its targets. */
export function onPostAccepted(
  fn: (trx: Transaction<Database>, ctx: AppContext, post: PostRow, targets: TargetRow[]) => Promise<void>,
): () => void {
  return addPostHook(async (trx, ctx, e) => {
    if (e.change === 'accepted') await fn(trx, ctx, e.post, e.targets);
  });
}

export async function runPostHooks(
  trx: Transaction<Database>,
  ctx: AppContext,
  event: PostEvent,
): Promise<void> {
  for (const hook of hooks) await hook(trx, ctx, event);
}

/**
 * For publish-now posts the create answer may wait (bounded) for the targets'
 * outcomes; the engine sets how. Without one the answer is given at once.
 */
export type PublishNowWaiter = (ctx: AppContext, postId: string) => Promise<void>;
let waiter: PublishNowWaiter | null = null;

export function setPublishNowWaiter(fn: PublishNowWaiter | null): void {
  waiter = fn;
}

export const publishNowWaiter = (): PublishNowWaiter | null => waiter;
