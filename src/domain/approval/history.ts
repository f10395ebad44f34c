/**
 * A post's approval history and notes are one list (post_notes): who wrote or
 * decided what, when. Approval moves add their line in the transaction that
 * moves the post, with the event that announces it.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import type { PostNotesTable } from '../../store/tables/approval.ts';
import type { PostsTable, PostTargetsTable } from '../../store/tables/posts.ts';
import { newId } from '../ids.ts';
import { writeOutboxEvents } from '../publishing/outbox.ts';

export type HistoryKind =
  | 'note'
  | 'submitted'
  | 'approved'
  | 'changes_requested'
  | 'review_approved'
  | 'review_changes_requested';

export type ApprovalEventType = 'post.approval_requested' | 'post.approved' | 'post.rejected';

type Trx = Transaction<Database>;

export function historyRow(
  ctx: AppContext,
  post: { id: string; project_id: string },
  kind: HistoryKind,
  author: string,
  text: string,
  reviewLinkId: string | null = null,
): PostNotesTable {
  return {
    id: newId('note'),
    project_id: post.project_id,
    post_id: post.id,
    kind,
    author,
    review_link_id: reviewLinkId,
    text,
    created_at: ctx.now().toISOString(),
  };
}

/** Records a history line and the event in the caller's transaction (wake the dispatcher after commit). */
export async function recordApprovalMove(
  trx: Trx,
  ctx: AppContext,
  move: {
    type: ApprovalEventType;
    post: PostsTable;
    targets: readonly PostTargetsTable[];
    line: PostNotesTable;
  },
): Promise<void> {
  await trx.insertInto('post_notes').values(move.line).execute();
  await writeOutboxEvents(trx, [{ ctx, type: move.type, post: move.post, targets: move.targets }]);
}
