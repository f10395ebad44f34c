/**
 * A caller limited to some profiles sees and acts only on posts whose every target
 * is an account of one of them (the rule of src/domain/teams/reach.ts, as
 * everywhere else in the service): a post that also goes to another profile's
 * account is not theirs to approve, note or share. Unknown and out-of-scope posts
 * are both 404, so a limited caller can not learn the others exist.
 */
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../http/route.ts';
import { postReached } from '../teams/reach.ts';

export async function requireVisiblePost(
  ctx: AppContext,
  caller: Pick<Caller, 'projectId' | 'profileIds'>,
  postId: string,
): Promise<void> {
  const post = await ctx.store.db
    .selectFrom('posts')
    .select('id')
    .where('project_id', '=', caller.projectId)
    .where('id', '=', postId)
    .executeTakeFirst();
  if (!post) throw notFound('Post');
  if (!(await postReached(ctx.store.db, caller, postId))) throw notFound('Post');
}
