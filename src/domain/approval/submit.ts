/**
 * Sending a post for approval instead of publishing it: a new post (create), a
 * draft being scheduled, or a scheduled post being edited, by a caller whose post
 * must wait (applies.ts). Every check of create runs now, so the approver gets a
 * post that can go out; then the post is stored `pending` with what it asked for
 * (when to go out), nothing is charged or queued, its targets stay `draft`, and
 * `post.approval_requested` is written with it. Approving it (approve.ts) runs
 * the checks again, charges and schedules it.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { wakeOutboxDispatch } from '../../notifications/worker.ts';
import { refundTargets } from '../credits/balance.ts';
import { newId } from '../ids.ts';
import { storedBody } from '../planning/draft-body.ts';
import { draftTargets, requireDraft } from '../planning/drafts.ts';
import { queueOwnerOfAccounts, releaseSlot } from '../planning/queue-slot.ts';
import type { ScheduleDraftInput } from '../planning/schedule-draft.ts';
import { recurringPostProblems } from '../planning/series-check.ts';
import { checkAccounts, type TargetAccount } from '../posts/accounts.ts';
import { bodyProblems, verdict } from '../posts/check.ts';
import type { CreateAnswer, CreatePostBody } from '../posts/create.ts';
import type { EditPostBody } from '../posts/edit.ts';
import { answerOfTakenKey, earlierRequest, idempotencyRow, rememberAnswer } from '../posts/idempotency.ts';
import { lockPost, POST_CHARGE_REASONS, requireScheduled } from '../posts/lock.ts';
import { inspectPostMedia } from '../posts/media-facts.ts';
import { getPostRow } from '../posts/read.ts';
import { readSchedule } from '../posts/schedule.ts';
import type { PostRow, StoredMedia, TargetRow } from '../posts/types.ts';
import { historyRow, recordApprovalMove } from './history.ts';

export const AWAITING_MESSAGE =
  'Awaiting approval: nothing is charged or published until an editor approves it (POST /v1/posts/{postId}/approve).';

interface Checked {
  request: ScheduleDraftInput;
  scheduledFor: string | null;
  media: StoredMedia[];
  accounts: TargetAccount[];
}

/** Create's checks for a body and when it asks to go out; 400 or 403 as create answers them. */
export async function checkRequest(
  ctx: AppContext,
  projectId: string,
  body: CreatePostBody,
  when: ScheduleDraftInput,
): Promise<Checked> {
  const now = ctx.now();
  const schedule = readSchedule({ ...when, timezone: when.timezone ?? 'UTC' }, now);
  const inspected = await inspectPostMedia(ctx, projectId, body.mediaItems ?? []);
  const problems = bodyProblems(
    ctx,
    body,
    [
      ...(Array.isArray(schedule) ? schedule : []),
      ...inspected.problems,
      ...(Array.isArray(schedule)
        ? []
        : recurringPostProblems(ctx, body, schedule.timezone, schedule.scheduledFor ?? now)),
    ],
    inspected.media,
  );
  const accounts = verdict(problems, await checkAccounts(ctx, projectId, body.platforms));
  if (Array.isArray(schedule)) throw new Error('unreachable: schedule problems are reported above');
  // A queued post's accounts must share one queue; checked now rather than at approval.
  if (schedule.mode === 'queue') queueOwnerOfAccounts(accounts);
  const request: ScheduleDraftInput = {
    ...(schedule.mode === 'now' ? { publishNow: true } : {}),
    ...(schedule.mode === 'queue' ? { queue: true } : {}),
    ...(schedule.scheduledFor ? { scheduledFor: schedule.scheduledFor.toISOString() } : {}),
    timezone: schedule.timezone,
  };
  return {
    request,
    scheduledFor: schedule.scheduledFor?.toISOString() ?? null,
    media: inspected.media,
    accounts,
  };
}

export function pendingAnswer(
  post: PostRow,
  targets: readonly TargetRow[],
): CreateAnswer & { message: string } {
  return {
    success: true,
    status: 'pending',
    postId: post.id,
    ...(post.scheduled_for ? { scheduledFor: post.scheduled_for } : {}),
    platforms: [...targets]
      .sort((a, b) => a.position - b.position)
      .map((t) => ({ platform: t.platform, integrationId: t.integration_id, success: true })),
    message: AWAITING_MESSAGE.replace('{postId}', post.id),
  };
}

const approvalRow = (post: PostRow, request: ScheduleDraftInput, actor: string, at: string) => ({
  post_id: post.id,
  project_id: post.project_id,
  request: JSON.stringify(request),
  requested_by: actor,
  requested_at: at,
});

/** POST /v1/posts by a caller whose post waits: stored `pending`, nothing charged. */
export async function submitNewPost(
  ctx: AppContext,
  caller: { projectId: string; actor: string },
  body: CreatePostBody,
  idempotencyKey?: string,
): Promise<CreateAnswer> {
  const { projectId } = caller;
  const { hash, earlier } = await earlierRequest<CreateAnswer>(ctx, projectId, idempotencyKey, body);
  if (earlier) return earlier;
  const when = {
    ...(body.publishNow !== undefined ? { publishNow: body.publishNow } : {}),
    ...(body.scheduledFor !== undefined ? { scheduledFor: body.scheduledFor } : {}),
    ...(body.queue !== undefined ? { queue: body.queue } : {}),
    ...(body.timezone !== undefined ? { timezone: body.timezone } : {}),
  };
  const checked = await checkRequest(ctx, projectId, body, when);
  const now = ctx.now();
  const at = now.toISOString();
  const post: PostRow = {
    id: newId('post', now.getTime()),
    project_id: projectId,
    content: body.content,
    media: JSON.stringify(checked.media),
    status: 'pending',
    scheduled_for: checked.scheduledFor,
    timezone: checked.request.timezone ?? 'UTC',
    // As a scheduled post would be (webhook onlyScheduledPosts reads it); approval sets it again.
    was_scheduled: checked.scheduledFor ? 1 : 0,
    // Kept as a draft's request (no time): the time asked for is in post_approvals.
    raw_request: JSON.stringify({ ...withoutTime(body), draft: true }),
    series_id: null,
    series_index: null,
    first_comment: body.firstComment ?? null,
    created_at: at,
    updated_at: at,
  };
  const targets = draftTargets(ctx, body, projectId, post.id, now);
  const answer = pendingAnswer(post, targets);
  const stored = await ctx.store.db.transaction().execute(async (trx) => {
    const row =
      idempotencyKey === undefined ? null : idempotencyRow(ctx, projectId, idempotencyKey, hash, 202, answer);
    if (row && !(await rememberAnswer(trx, ctx, row))) return false;
    await trx.insertInto('posts').values(post).execute();
    await trx.insertInto('post_targets').values(targets).execute();
    await trx
      .insertInto('post_approvals')
      .values(approvalRow(post, checked.request, caller.actor, at))
      .execute();
    await recordApprovalMove(trx, ctx, {
      type: 'post.approval_requested',
      post,
      targets,
      line: historyRow(ctx, post, 'submitted', caller.actor, describeRequest(checked.request)),
    });
    return true;
  });
  if (!stored) return answerOfTakenKey<CreateAnswer>(ctx, projectId, idempotencyKey ?? '', hash);
  wakeOutboxDispatch();
  return answer;
}

/** POST /v1/posts/{postId}/schedule by a caller whose post waits: the draft becomes `pending`. */
export async function submitDraft(
  ctx: AppContext,
  caller: { projectId: string; actor: string },
  postId: string,
  when: ScheduleDraftInput,
): Promise<CreateAnswer> {
  const { projectId } = caller;
  const draft = await getPostRow(ctx, projectId, postId);
  requireDraft(draft, 'sent for approval');
  const targets = await ctx.store.db
    .selectFrom('post_targets')
    .selectAll()
    .where('post_id', '=', postId)
    .execute();
  const body = storedBody(draft, targets);
  const checked = await checkRequest(ctx, projectId, body, {
    ...when,
    timezone: when.timezone ?? draft.timezone,
  });
  const at = ctx.now().toISOString();
  const moved = await ctx.store.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, ctx, projectId, postId);
    requireDraft(post, 'sent for approval');
    const changed = {
      status: 'pending',
      scheduled_for: checked.scheduledFor,
      was_scheduled: checked.scheduledFor ? 1 : 0,
      timezone: checked.request.timezone ?? post.timezone,
      media: JSON.stringify(checked.media),
      updated_at: at,
    };
    await trx.updateTable('posts').set(changed).where('id', '=', postId).execute();
    await trx.deleteFrom('post_approvals').where('post_id', '=', postId).execute();
    await trx
      .insertInto('post_approvals')
      .values(approvalRow(post, checked.request, caller.actor, at))
      .execute();
    const next = { ...post, ...changed };
    await recordApprovalMove(trx, ctx, {
      type: 'post.approval_requested',
      post: next,
      targets,
      line: historyRow(ctx, post, 'submitted', caller.actor, describeRequest(checked.request)),
    });
    return next;
  });
  wakeOutboxDispatch();
  return pendingAnswer(moved, targets);
}

/**
 * PUT /v1/posts/scheduled/{postId} by a caller whose post waits: the edit is
 * checked as any edit, then the post leaves the schedule (its credits refunded,
 * its jobs and queue slot released, as a cancel does) and waits for approval with
 * the new content, at the new time or the one it had.
 */
export async function submitScheduledEdit(
  ctx: AppContext,
  caller: { projectId: string; actor: string },
  postId: string,
  body: EditPostBody,
): Promise<{ scheduledFor: string; refunded: number }> {
  const { projectId } = caller;
  const current = await getPostRow(ctx, projectId, postId);
  requireScheduled(current, 'edited');
  const firstComment = body.firstComment === undefined ? current.first_comment : body.firstComment;
  const asked: CreatePostBody = {
    content: body.content,
    platforms: body.platforms,
    ...(body.mediaItems ? { mediaItems: body.mediaItems } : {}),
    ...(firstComment ? { firstComment } : {}),
  };
  const timezone = body.timezone ?? current.timezone;
  const checked = await checkRequest(ctx, projectId, asked, {
    scheduledFor: body.scheduledFor ?? current.scheduled_for ?? undefined,
    timezone,
  });
  const at = ctx.now().toISOString();
  const result = await ctx.store.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, ctx, projectId, postId);
    requireScheduled(post, 'edited');
    const old = await trx.selectFrom('post_targets').selectAll().where('post_id', '=', postId).execute();
    const refunded = await refundTargets(
      trx,
      ctx,
      projectId,
      old.map((t) => t.id),
      'post_refund',
      POST_CHARGE_REASONS,
    );
    await releaseSlot(trx, postId);
    await ctx.lifecycle.onChange(trx, ctx, { change: 'cancelled', post, targets: old });
    await trx.deleteFrom('post_targets').where('post_id', '=', postId).execute();
    const targets = draftTargets(ctx, asked, projectId, postId, ctx.now());
    await trx.insertInto('post_targets').values(targets).execute();
    const changed = {
      content: asked.content,
      media: JSON.stringify(checked.media),
      status: 'pending',
      scheduled_for: checked.scheduledFor,
      timezone,
      raw_request: JSON.stringify({ ...asked, draft: true }),
      first_comment: firstComment,
      updated_at: at,
    };
    await trx.updateTable('posts').set(changed).where('id', '=', postId).execute();
    await trx.deleteFrom('post_approvals').where('post_id', '=', postId).execute();
    await trx
      .insertInto('post_approvals')
      .values(approvalRow(post, checked.request, caller.actor, at))
      .execute();
    const next = { ...post, ...changed };
    await recordApprovalMove(trx, ctx, {
      type: 'post.approval_requested',
      post: next,
      targets,
      line: historyRow(ctx, post, 'submitted', caller.actor, `Edited; ${describeRequest(checked.request)}`),
    });
    return { refunded };
  });
  wakeOutboxDispatch();
  if (!checked.scheduledFor) throw new AppError('conflict', `Post ${postId} has no scheduled time`);
  return { scheduledFor: checked.scheduledFor, refunded: result.refunded };
}

function withoutTime(body: CreatePostBody): CreatePostBody {
  const { publishNow: _n, scheduledFor: _s, queue: _q, draft: _d, ...rest } = body;
  return rest;
}

/** The history line of a request: when it asks to go out. */
export function describeRequest(r: ScheduleDraftInput): string {
  if (r.queue) return 'Asked for approval to publish in the next free queue slot';
  if (r.scheduledFor) return `Asked for approval to publish at ${r.scheduledFor} (${r.timezone ?? 'UTC'})`;
  return 'Asked for approval to publish now';
}
