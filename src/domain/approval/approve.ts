/**
 * Approving a post that awaits approval: the draft-scheduling path
 * (planning/schedule-draft.ts) from `pending`, with the time the post asked for.
 * Every check of create runs again (credits, accounts, the two-year bound), the
 * post is charged and scheduled, or published now when it asked for now or its
 * time has passed meanwhile; with the post locked, in one transaction that also
 * writes the history line and `post.approved`. An Idempotency-Key answers a retry
 * as the first; a second approval finds the post no longer pending (409).
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { wakeOutboxDispatch } from '../../notifications/worker.ts';
import { type ScheduleDraftInput, scheduleDraft } from '../planning/schedule-draft.ts';
import type { CreateAnswer } from '../posts/create.ts';
import { historyRow, recordApprovalMove } from './history.ts';

export interface ApproveAnswer extends CreateAnswer {
  /** What approving did: `scheduled` for its time, or `published_now` (asked for now, or its time had passed). */
  result: 'scheduled' | 'published_now';
  message: string;
}

export interface Decider {
  projectId: string;
  /** Who decides: a caller's actor, or the name a reviewer gave. */
  actor: string;
  reviewLinkId?: string;
}

/** The time the post asked for, as scheduling takes it now: a time already past goes out now. */
async function requestedTime(
  ctx: AppContext,
  projectId: string,
  postId: string,
): Promise<ScheduleDraftInput> {
  const row = await ctx.store.db
    .selectFrom('post_approvals')
    .select('request')
    .where('project_id', '=', projectId)
    .where('post_id', '=', postId)
    .executeTakeFirst();
  const asked = row ? (JSON.parse(row.request) as ScheduleDraftInput) : { publishNow: true };
  if (asked.scheduledFor && Date.parse(asked.scheduledFor) <= ctx.now().getTime())
    return { publishNow: true, ...(asked.timezone ? { timezone: asked.timezone } : {}) };
  return asked;
}

export async function approvePost(
  ctx: AppContext,
  by: Decider,
  postId: string,
  note: string | undefined,
  idempotencyKey?: string,
): Promise<ApproveAnswer> {
  const post = await ctx.store.db
    .selectFrom('posts')
    .select('status')
    .where('project_id', '=', by.projectId)
    .where('id', '=', postId)
    .executeTakeFirst();
  if (!post) throw new AppError('not_found', 'Post not found');
  const when = await requestedTime(ctx, by.projectId, postId);
  const answer = await scheduleDraft(ctx, by.projectId, postId, when, idempotencyKey, {
    status: 'pending',
    keyBody: { approvePost: postId, note: note ?? null },
    within: async (trx, moved, targets) => {
      await trx.deleteFrom('post_approvals').where('post_id', '=', postId).execute();
      const kind = by.reviewLinkId ? 'review_approved' : 'approved';
      await recordApprovalMove(trx, ctx, {
        type: 'post.approved',
        post: moved,
        targets,
        line: historyRow(ctx, moved, kind, by.actor, note ?? '', by.reviewLinkId ?? null),
      });
    },
  });
  wakeOutboxDispatch();
  const result = answer.scheduledFor && answer.status === 'scheduled' ? 'scheduled' : 'published_now';
  return {
    ...answer,
    result,
    message:
      result === 'scheduled'
        ? `Approved: scheduled for ${answer.scheduledFor}`
        : 'Approved: publishing now (it asked for now, or its time had passed)',
  };
}
