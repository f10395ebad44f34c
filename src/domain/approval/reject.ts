/**
 * Requesting changes on a post that awaits approval: it goes back to `draft`
 * (nothing was charged or queued, so nothing is undone) with the note in its
 * history, and `post.rejected` is written, in one transaction with the post locked.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { wakeOutboxDispatch } from '../../notifications/worker.ts';
import { lockPost } from '../posts/lock.ts';
import type { Decider } from './approve.ts';
import { historyRow, recordApprovalMove } from './history.ts';

export interface RejectAnswer {
  success: boolean;
  postId: string;
  status: 'draft';
  message: string;
}

export async function rejectPost(
  ctx: AppContext,
  by: Decider,
  postId: string,
  note: string,
): Promise<RejectAnswer> {
  await ctx.store.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, ctx, by.projectId, postId);
    if (post.status !== 'pending')
      throw new AppError(
        'conflict',
        `Post ${postId} is ${post.status}, not awaiting approval; only a pending post can be sent back`,
      );
    const at = ctx.now().toISOString();
    const changed = { status: 'draft', scheduled_for: null, updated_at: at };
    await trx.updateTable('posts').set(changed).where('id', '=', postId).execute();
    await trx.deleteFrom('post_approvals').where('post_id', '=', postId).execute();
    const targets = await trx.selectFrom('post_targets').selectAll().where('post_id', '=', postId).execute();
    const kind = by.reviewLinkId ? 'review_changes_requested' : 'changes_requested';
    await recordApprovalMove(trx, ctx, {
      type: 'post.rejected',
      post: { ...post, ...changed },
      targets,
      line: historyRow(ctx, post, kind, by.actor, note, by.reviewLinkId ?? null),
    });
  });
  wakeOutboxDispatch();
  return {
    success: true,
    postId,
    status: 'draft',
    message: 'Changes requested: the post is a draft again, with the note in its history',
  };
}
