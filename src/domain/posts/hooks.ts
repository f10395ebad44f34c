/**
 * Where the publishing engine plugs into the post lifecycle. Each hook runs inside
 * the transaction that changes the post, so work it enqueues (publish jobs,
 * outbox events such as post.scheduled) commits or rolls back with the post.
 * Nothing is registered here by default: without an engine, posts are stored
 * and wait.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { RowSet } from '../../store/row-set.ts';
import type { Database } from '../../store/schema.ts';
import type { PostRow, TargetRow } from './types.ts';

export type PostChange = 'edited' | 'rescheduled' | 'cancelled' | 'deleted';

export interface PostEvent {
  change: PostChange;
  post: PostRow;
  /** The targets after the change (before it, for `deleted`). */
  targets: TargetRow[];
  /** For `edited`: targets the edit removed (their rows are deleted right after the hooks run). */
  removedTargets?: TargetRow[];
}

export type PostHook = (trx: Transaction<Database>, ctx: AppContext, event: PostEvent) => Promise<void>;

/** Adds `item` to `list`; returns a function that removes it again (tests). */
function register<T>(list: T[], item: T): () => void {
  list.push(item);
  return () => {
    const i = list.indexOf(item);
    if (i >= 0) list.splice(i, 1);
  };
}

const hooks: PostHook[] = [];

export const addPostHook = (hook: PostHook): (() => void) => register(hooks, hook);

/**
 * A new post's acceptance is planned, not executed: planners add the rows it needs
 * (publish jobs, outbox events) to the create's row set, which the group commit
 * writes together with the post (write-batch.ts), many creates per statement.
 */
export interface AcceptedPost {
  post: PostRow;
  targets: TargetRow[];
  /** The profile of each target's integration (by integration id), as checked on create. */
  profiles: ReadonlyMap<string, string | null>;
}

export type AcceptPlanner = (ctx: AppContext, rows: RowSet, accepted: AcceptedPost) => void;

const planners: AcceptPlanner[] = [];

export const addAcceptPlanner = (planner: AcceptPlanner): (() => void) => register(planners, planner);

export function planAccepted(ctx: AppContext, rows: RowSet, accepted: AcceptedPost): void {
  for (const planner of planners) planner(ctx, rows, accepted);
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
