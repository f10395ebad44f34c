/**
 * Comments and replies on the posts of a connected account (Facebook Pages,
 * Instagram, Threads): list, create or reply, delete, hide. Each asks the
 * platform's module for its `comments` capability and calls it through
 * `engagementCall`. A post may be named by the platform's id or by our own post id
 * (`post_…`), which is read through the post's target on that account.
 */

import type { AppContext } from '../../context.ts';
import { AppError, conflict, invalid } from '../../errors.ts';
import type { Comment, PlatformComments } from '../../platforms/engagement.ts';
import type { Platform } from '../../platforms/names.ts';
import { recordAudit } from '../audit/record.ts';
import { postInReach, type Reach } from '../teams/reach.ts';
import { engagementCall, notOffered } from './call.ts';

/** The account, of the caller's reach (an account outside it is answered like an unknown one). */
export interface CommentsAccount extends Reach {
  accountId: string;
  platform: Platform;
}

function capability(ctx: AppContext, platform: Platform): PlatformComments {
  const comments = ctx.platforms[platform].comments;
  if (!comments) throw notOffered('Comments', platform, commentPlatforms(ctx));
  return comments;
}

/** The platforms whose module has comments. */
export const commentPlatforms = (ctx: AppContext): Platform[] =>
  (Object.keys(ctx.platforms) as Platform[]).filter((p) => ctx.platforms[p].comments);

/**
 * The platform's id of a post: as given, or, for one of our post ids, the platform
 * post id its target on this account was published as.
 */
export async function platformPostIdOf(ctx: AppContext, a: CommentsAccount, postId: string): Promise<string> {
  if (!/^post_/.test(postId)) return postId;
  const target = await ctx.store.db
    .selectFrom('post_targets')
    .select(['platform_post_id', 'status'])
    .where('project_id', '=', a.projectId)
    .where('post_id', '=', postId)
    .where('integration_id', '=', a.accountId)
    .where(postInReach(a, 'post_targets.post_id'))
    .executeTakeFirst();
  if (!target) throw new AppError('not_found', `Post ${postId} has no target on account ${a.accountId}`);
  if (!target.platform_post_id)
    throw conflict(`Post ${postId} is not published on account ${a.accountId} (status ${target.status})`);
  return target.platform_post_id;
}

export async function listComments(
  ctx: AppContext,
  a: CommentsAccount,
  q: { postId: string; limit: number; after?: string | undefined },
): Promise<{ comments: Comment[]; nextCursor: string | null }> {
  const comments = capability(ctx, a.platform);
  const postId = await platformPostIdOf(ctx, a, q.postId);
  return engagementCall(ctx, { ...a, permissions: comments.permissions.read }, (env) =>
    comments.list(env, { postId, limit: q.limit, after: q.after }),
  );
}

export async function createComment(
  ctx: AppContext,
  a: CommentsAccount,
  c: { postId?: string | undefined; commentId?: string | undefined; text: string },
): Promise<string> {
  const comments = capability(ctx, a.platform);
  if (!c.text.trim()) throw invalid('text must not be empty');
  if ((c.postId === undefined) === (c.commentId === undefined))
    throw invalid('Give exactly one of postId (a top-level comment) or commentId (a reply)');
  const target = c.commentId
    ? { commentId: c.commentId }
    : { postId: await platformPostIdOf(ctx, a, c.postId ?? '') };
  const id = await engagementCall(ctx, { ...a, permissions: [comments.permissions.write] }, (env) =>
    comments.create(env, { ...target, text: c.text }),
  );
  await recordEngagement(ctx, a, c.commentId ? 'comment.replied' : 'comment.created', id, {
    ...target,
    text: c.text,
  });
  return id;
}

/**
 * A change made on the platform, not in our database: recorded once the platform
 * has made it (there is no transaction of ours to share).
 */
async function recordEngagement(
  ctx: AppContext,
  a: CommentsAccount,
  action: string,
  commentId: string,
  summary: Record<string, unknown> | null = null,
): Promise<void> {
  await recordAudit(ctx.store.db, ctx, {
    projectId: a.projectId,
    action,
    object: { type: 'comment', id: commentId, label: `${a.platform} comment on account ${a.accountId}` },
    // The account it was made with, so the log can name it (@brand on Instagram) when it is read.
    summary: { accountId: a.accountId, ...summary },
  });
}

export async function deleteComment(ctx: AppContext, a: CommentsAccount, commentId: string): Promise<void> {
  const comments = capability(ctx, a.platform);
  const remove = comments.delete;
  if (!remove) throw invalid(comments.cannotDelete ?? `Deleting comments is not supported on ${a.platform}`);
  await engagementCall(ctx, { ...a, permissions: [comments.permissions.write] }, (env) =>
    remove(env, commentId),
  );
  await recordEngagement(ctx, a, 'comment.deleted', commentId);
}

export async function setCommentHidden(
  ctx: AppContext,
  a: CommentsAccount,
  commentId: string,
  hidden: boolean,
): Promise<void> {
  const comments = capability(ctx, a.platform);
  await engagementCall(ctx, { ...a, permissions: [comments.permissions.write] }, (env) =>
    comments.setHidden(env, commentId, hidden),
  );
  await recordEngagement(ctx, a, hidden ? 'comment.hidden' : 'comment.unhidden', commentId);
}
