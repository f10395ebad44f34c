/**
 * What a client review link shows and records. The reviewer (no account) sees
 * each post as it will go out on each account: the text that platform gets, the
 * media, the account's name and handle, and the time (the page shows it in the
 * reviewer's own time zone). They approve or request changes with their name and
 * a comment: always recorded in the post's history (who = the name given, via the
 * link's id); it moves the post as a member's decision does only when the link's
 * creator could approve and the post is awaiting approval.
 */
import type { AppContext } from '../../context.ts';
import { AppError, invalid } from '../../errors.ts';
import type { ReviewLinksTable } from '../../store/tables/approval.ts';
import type { StoredMedia } from '../posts/types.ts';
import { parseProfileIds } from '../teams/people.ts';
import { postInReach, type Reach } from '../teams/reach.ts';
import { approvePost } from './approve.ts';
import { historyRow } from './history.ts';
import { rejectPost } from './reject.ts';
import { openReviewLink, toReviewLink } from './review-links.ts';

/** Statuses a profile link shows: what has not gone out yet. */
const UPCOMING = ['pending', 'scheduled'];
const PROFILE_LINK_POSTS = 50;

export interface ReviewPost {
  postId: string;
  status: string;
  scheduledFor: string | null;
  timezone: string;
  mediaItems: { type: string; url: string; thumbnail?: string }[];
  platforms: {
    platform: string;
    accountName: string | null;
    accountHandle: string | null;
    accountImageUrl: string | null;
    /** The text this platform gets (its own, else the post's). */
    content: string;
  }[];
  /** True when this link's decision moves the post (it awaits approval and the link may approve). */
  canDecide: boolean;
  /** Decisions already given through this link. */
  decisions: { decision: 'approve' | 'request_changes'; name: string; comment: string; at: string }[];
  /**
   * Once the post no longer awaits approval: the last decision on it, by whoever took it
   * (the team in the dashboard, or a reviewer through any link), so the page shows what
   * was decided instead of a form; null while it waits or when it never awaited approval.
   */
  outcome: { decision: 'approved' | 'changes_requested'; at: string } | null;
}

export interface ReviewView {
  success: boolean;
  label: string | null;
  expiresAt: string;
  canApprove: boolean;
  posts: ReviewPost[];
}

/** The reach the link keeps: its creator's profiles when it was made (null: the whole project). */
const reachOfLink = (link: ReviewLinksTable): Reach => ({
  projectId: link.project_id,
  profileIds: parseProfileIds(link.profile_ids),
});

/**
 * The posts a link shows: its one post, or its profile's upcoming ones; either way
 * only posts whose every target is within the creator's reach, so nothing of an
 * account beyond it is shown or decided on.
 */
async function postsOf(ctx: AppContext, link: ReviewLinksTable) {
  let q = ctx.store.db
    .selectFrom('posts')
    .selectAll()
    .where('project_id', '=', link.project_id)
    .where(postInReach(reachOfLink(link)));
  if (link.post_id !== null) q = q.where('id', '=', link.post_id);
  else
    q = q.where('status', 'in', UPCOMING).where('id', 'in', (eb) =>
      eb
        .selectFrom('post_targets as t')
        .innerJoin('integrations as i', 'i.id', 't.integration_id')
        .select('t.post_id')
        .where('t.project_id', '=', link.project_id)
        .where('i.profile_id', '=', link.profile_id ?? ''),
    );
  return q.orderBy('scheduled_for', 'asc').orderBy('created_at', 'asc').limit(PROFILE_LINK_POSTS).execute();
}

export async function readReview(ctx: AppContext, token: string): Promise<ReviewView> {
  const link = await openReviewLink(ctx, token);
  const posts = await postsOf(ctx, link);
  const ids = posts.map((p) => p.id);
  const targets =
    ids.length === 0
      ? []
      : await ctx.store.db
          .selectFrom('post_targets as t')
          .leftJoin('integrations as i', 'i.id', 't.integration_id')
          .select([
            't.post_id',
            't.position',
            't.platform',
            't.content',
            'i.display_name',
            'i.username',
            'i.image_url',
          ])
          .where('t.post_id', 'in', ids)
          .orderBy('t.position', 'asc')
          .execute();
  const decisions =
    ids.length === 0
      ? []
      : await ctx.store.db
          .selectFrom('post_notes')
          .selectAll()
          .where('review_link_id', '=', link.id)
          .orderBy('created_at', 'asc')
          .execute();
  const outcomes = await lastDecisions(
    ctx,
    posts.filter((p) => p.status !== 'pending').map((p) => p.id),
  );
  return {
    success: true,
    label: link.label,
    expiresAt: link.expires_at,
    canApprove: link.can_approve === 1,
    posts: posts.map((p) => ({
      postId: p.id,
      status: p.status,
      scheduledFor: p.scheduled_for,
      timezone: p.timezone,
      mediaItems: (JSON.parse(p.media) as StoredMedia[]).map((m) => ({
        type: m.type,
        url: m.url,
        ...(m.thumbnail ? { thumbnail: m.thumbnail } : {}),
      })),
      platforms: targets
        .filter((t) => t.post_id === p.id)
        .map((t) => ({
          platform: t.platform,
          accountName: t.display_name ?? null,
          accountHandle: t.username ?? null,
          accountImageUrl: t.image_url ?? null,
          content: t.content ?? p.content,
        })),
      canDecide: link.can_approve === 1 && p.status === 'pending',
      decisions: decisions
        .filter((d) => d.post_id === p.id)
        .map((d) => ({
          decision: d.kind === 'review_approved' ? ('approve' as const) : ('request_changes' as const),
          name: d.author,
          comment: d.text,
          at: d.created_at,
        })),
      outcome: outcomes.get(p.id) ?? null,
    })),
  };
}

const DECISION_KINDS = ['approved', 'review_approved', 'changes_requested', 'review_changes_requested'];

/**
 * The last approval decision of each post since it was last sent for approval, from
 * its history: a post never sent for approval has none (a reviewer's answer on it is
 * only recorded, and the page goes on taking answers).
 */
async function lastDecisions(
  ctx: AppContext,
  postIds: string[],
): Promise<Map<string, NonNullable<ReviewPost['outcome']>>> {
  const out = new Map<string, NonNullable<ReviewPost['outcome']>>();
  if (postIds.length === 0) return out;
  const rows = await ctx.store.db
    .selectFrom('post_notes')
    .select(['post_id', 'kind', 'created_at'])
    .where('post_id', 'in', postIds)
    .where('kind', 'in', ['submitted', ...DECISION_KINDS])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const asked = new Set<string>();
  for (const r of rows) {
    if (r.kind === 'submitted') {
      asked.add(r.post_id);
      out.delete(r.post_id);
    } else if (asked.has(r.post_id))
      out.set(r.post_id, {
        decision: r.kind === 'approved' || r.kind === 'review_approved' ? 'approved' : 'changes_requested',
        at: r.created_at,
      });
  }
  return out;
}

export interface ReviewDecision {
  postId: string;
  decision: 'approve' | 'request_changes';
  name: string;
  comment?: string;
}

export async function decideReview(
  ctx: AppContext,
  token: string,
  input: ReviewDecision,
): Promise<{ success: boolean; postId: string; status: string; moved: boolean; message: string }> {
  const link = await openReviewLink(ctx, token);
  const name = input.name.trim();
  const comment = (input.comment ?? '').trim();
  if (name.length === 0) throw invalid('name must not be empty: say who you are');
  if (input.decision === 'request_changes' && comment.length === 0)
    throw invalid('comment is required when requesting changes: say what should change');
  const post = (await postsOf(ctx, link)).find((p) => p.id === input.postId);
  if (!post) throw new AppError('not_found', 'This post is not part of this review link');
  const by = { projectId: link.project_id, actor: name, reviewLinkId: link.id };
  if (toReviewLink(link, ctx.now()).canApprove && post.status === 'pending') {
    if (input.decision === 'approve') {
      const a = await approvePost(ctx, by, post.id, comment || undefined);
      return { success: true, postId: post.id, status: a.status, moved: true, message: a.message };
    }
    const r = await rejectPost(ctx, by, post.id, comment);
    return { success: true, postId: post.id, status: r.status, moved: true, message: r.message };
  }
  const kind = input.decision === 'approve' ? 'review_approved' : 'review_changes_requested';
  await ctx.store.db
    .insertInto('post_notes')
    .values(historyRow(ctx, post, kind, name, comment, link.id))
    .execute();
  return {
    success: true,
    postId: post.id,
    status: post.status,
    moved: false,
    message: 'Thank you: your answer is recorded for the team',
  };
}
