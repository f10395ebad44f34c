/**
 * Where the publishing engine plugs into the post lifecycle (AppContext
 * `lifecycle`; the engine's is src/domain/publishing/lifecycle.ts). Changes run
 * inside the transaction that changes the post, so work they enqueue (publish
 * jobs, outbox events such as post.scheduled) commits or rolls back with it.
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

/**
 * A new post's acceptance is planned, not executed: the lifecycle adds the rows it
 * needs (publish jobs, outbox events) to the create's row set, which the group
 * commit writes together with the post (write-batch.ts), many creates per statement.
 */
export interface AcceptedPost {
  post: PostRow;
  targets: TargetRow[];
  /** The profile of each target's integration (by integration id), as checked on create. */
  profiles: ReadonlyMap<string, string | null>;
}

export interface PostLifecycle {
  /** Adds the rows an accepted post needs to the create's row set. */
  planAccepted(ctx: AppContext, rows: RowSet, accepted: AcceptedPost): void;
  /** Runs inside the transaction of an edit, reschedule, cancel or delete. */
  onChange(trx: Transaction<Database>, ctx: AppContext, event: PostEvent): Promise<void>;
  /**
   * For publish-now posts the create answer may wait (bounded) for the targets'
   * outcomes; without it the answer is given at once.
   */
  waitForPublishNow?(ctx: AppContext, postId: string): Promise<void>;
}
