/**
 * A caller limited to some profiles sees and acts only on posts with an account
 * in one of them (as everywhere else in the service). Unknown and out-of-scope
 * posts are both 404, so a limited caller can not learn the others exist.
 */
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../http/route.ts';

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
  if (caller.profileIds === null) return;
  if (caller.profileIds.length === 0) throw notFound('Post');
  const inScope = await ctx.store.db
    .selectFrom('post_targets as t')
    .innerJoin('integrations as i', 'i.id', 't.integration_id')
    .select('t.id')
    .where('t.post_id', '=', postId)
    .where('i.profile_id', 'in', [...caller.profileIds])
    .executeTakeFirst();
  if (!inScope) throw notFound('Post');
}
