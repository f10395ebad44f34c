/**
 * The approval queue: posts awaiting approval, oldest first, each with what it
 * asked for (when to go out) and who asked.
 */
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../http/route.ts';
import type { ScheduleDraftInput } from '../planning/schedule-draft.ts';
import { listPosts } from '../posts/read.ts';
import type { PostRecord } from '../posts/types.ts';

export interface AwaitingPost extends PostRecord {
  approval: {
    requestedBy: string;
    requestedAt: string;
    /** When it asks to go out: now, at scheduledFor, or in the next queue slot. */
    publishNow: boolean;
    queue: boolean;
  };
}

export async function listAwaiting(
  ctx: AppContext,
  caller: Pick<Caller, 'projectId' | 'profileIds'>,
  page: { limit: number; offset: number; profileId?: string },
): Promise<{ total: number; posts: AwaitingPost[] }> {
  // A caller limited to profiles sees one of them at a time when it names it, else the first.
  const scoped = caller.profileIds;
  if (scoped !== null && page.profileId !== undefined && !scoped.includes(page.profileId))
    return { total: 0, posts: [] };
  const profileId = page.profileId ?? (scoped !== null ? (scoped[0] ?? '\u0000none') : undefined);
  const { total, posts } = await listPosts(ctx, caller.projectId, {
    status: 'pending',
    sort: 'asc',
    limit: page.limit,
    offset: page.offset,
    ...(profileId !== undefined ? { profileId } : {}),
  });
  const ids = posts.map((p) => p.postId);
  const rows =
    ids.length === 0
      ? []
      : await ctx.store.db.selectFrom('post_approvals').selectAll().where('post_id', 'in', ids).execute();
  const byPost = new Map(rows.map((r) => [r.post_id, r]));
  return {
    total,
    posts: posts.map((p) => {
      const r = byPost.get(p.postId);
      const asked = r ? (JSON.parse(r.request) as ScheduleDraftInput) : {};
      return {
        ...p,
        approval: {
          requestedBy: r?.requested_by ?? '',
          requestedAt: r?.requested_at ?? p.updatedAt,
          publishNow: asked.publishNow === true,
          queue: asked.queue === true,
        },
      };
    }),
  };
}
