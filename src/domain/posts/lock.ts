/** Reads a post inside a transaction with its row locked (PostgreSQL), so state checks and changes go together. */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Database } from '../../store/schema.ts';
import { type ProjectReach, postInReach, projectOf } from '../teams/reach.ts';
import type { PostRow } from './types.ts';

/** Post charges that a cancel, an edit or a delete before publishing gives back. */
export const POST_CHARGE_REASONS = ['post', 'post_edit'] as const;

export async function lockPost(
  trx: Transaction<Database>,
  ctx: AppContext,
  reach: ProjectReach,
  postId: string,
): Promise<PostRow> {
  const q = trx
    .selectFrom('posts')
    .selectAll()
    .where('project_id', '=', projectOf(reach))
    .where('id', '=', postId)
    .where(postInReach(reach));
  const row = await (ctx.store.dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
  if (!row) throw notFound('Post');
  return row;
}

export function requireScheduled(post: PostRow, action: string): void {
  if (post.status !== 'scheduled')
    throw new AppError(
      'conflict',
      `Post ${post.id} is ${post.status}, no longer scheduled; only a scheduled post can be ${action}`,
    );
}
