/**
 * Drafts: a post saved with `draft: true` is stored as `draft`, its targets too:
 * nothing is charged, published or announced. Its body must have the right
 * shape and name accounts of this project; what only matters at publication (a
 * text too long for a platform, a missing option, media a platform refuses, an
 * account that needs reconnecting) does not refuse it, and the answer lists it
 * per target (`problems`) exactly as POST /v1/posts/validate words it. A draft is
 * edited whole (PUT /v1/posts/drafts/{postId}) and then scheduled
 * (schedule-draft.ts). A scheduled post that was cancelled is a draft again.
 */

import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { changedFields, recordAudit } from '../audit/record.ts';
import { newId } from '../ids.ts';
import { checkAccounts } from '../posts/accounts.ts';
import type { CreateAnswer, CreatePostBody } from '../posts/create.ts';
import { answerOfTakenKey, earlierRequest, idempotencyRow, rememberAnswer } from '../posts/idempotency.ts';
import { lockPost } from '../posts/lock.ts';
import { inspectPostMedia } from '../posts/media-facts.ts';
import { postAuditChange } from '../posts/post-audit.ts';
import { requestedTargetRow, targetFirstComment } from '../posts/target-row.ts';
import type { PostRow, StoredMedia, TargetRow } from '../posts/types.ts';
import { type ValidationProblem, validatePost } from '../posts/validate.ts';
import { type ProjectReach, projectOf } from '../teams/reach.ts';
import { recurringPostProblems } from './series-check.ts';

export interface DraftAnswer extends CreateAnswer {
  /** What would stop this draft from being scheduled now, as POST /v1/posts/validate says it. */
  problems: ValidationProblem[];
}

/** The shape checks a draft gets; everything else becomes `problems`. */
async function draftProblems(
  ctx: AppContext,
  reach: ProjectReach,
  body: CreatePostBody,
): Promise<{ problems: ValidationProblem[]; media: StoredMedia[] }> {
  const accounts = await checkAccounts(ctx, reach, body.platforms);
  if (accounts.invalid.length) throw new AppError('invalid', accounts.invalid.join('; '));
  const { publishNow: _n, scheduledFor: _s, queue: _q, ...withoutTime } = body;
  const validation = await validatePost(ctx, reach, { ...withoutTime, draft: true });
  const inspected = await inspectPostMedia(ctx, projectOf(reach), body.mediaItems ?? []);
  // The media's own problems (a URL that answers 404) are validatePost's, as create's are.
  const more = [...recurringPostProblems(ctx, body, body.timezone ?? 'UTC', null)].map(
    (message): ValidationProblem => ({ scope: 'post', target: null, platform: null, field: null, message }),
  );
  return { problems: [...validation.problems, ...more], media: inspected.media };
}

function draftAnswer(
  post: PostRow,
  targets: readonly TargetRow[],
  problems: ValidationProblem[],
): DraftAnswer {
  return {
    success: true,
    status: 'draft',
    postId: post.id,
    platforms: targets.map((t) => ({ platform: t.platform, integrationId: t.integration_id, success: true })),
    problems,
  };
}

export function draftTargets(
  ctx: AppContext,
  body: CreatePostBody,
  projectId: string,
  postId: string,
  now: Date,
): TargetRow[] {
  const at = now.toISOString();
  return body.platforms.map((t, i) =>
    requestedTargetRow(t, i, {
      id: newId('tgt', now.getTime()),
      projectId,
      postId,
      status: 'draft',
      at,
      firstComment: targetFirstComment(ctx.platforms, t, body.firstComment),
    }),
  );
}

export async function createDraft(
  ctx: AppContext,
  reach: ProjectReach,
  body: CreatePostBody,
  idempotencyKey?: string,
): Promise<DraftAnswer> {
  const projectId = projectOf(reach);
  const { hash, earlier } = await earlierRequest<DraftAnswer>(ctx, projectId, idempotencyKey, body);
  if (earlier) return earlier;
  const { problems, media } = await draftProblems(ctx, reach, body);
  const now = ctx.now();
  const at = now.toISOString();
  const post: PostRow = {
    id: newId('post', now.getTime()),
    project_id: projectId,
    content: body.content,
    media: JSON.stringify(media),
    status: 'draft',
    scheduled_for: null,
    timezone: body.timezone ?? 'UTC',
    was_scheduled: 0,
    raw_request: JSON.stringify(body),
    series_id: null,
    series_index: null,
    first_comment: body.firstComment ?? null,
    created_at: at,
    updated_at: at,
  };
  const targets = draftTargets(ctx, body, projectId, post.id, now);
  const answer = draftAnswer(post, targets, problems);
  const stored = await ctx.store.db.transaction().execute(async (trx) => {
    const row =
      idempotencyKey === undefined ? null : idempotencyRow(ctx, projectId, idempotencyKey, hash, 202, answer);
    if (row && !(await rememberAnswer(trx, ctx, row))) return false;
    await trx.insertInto('posts').values(post).execute();
    await trx.insertInto('post_targets').values(targets).execute();
    await recordAudit(trx, ctx, postAuditChange(post, 'post.draft_created', { accounts: targets.length }));
    return true;
  });
  if (stored) return answer;
  // Another request with the same key committed first: answer as it did (or 409).
  return answerOfTakenKey<DraftAnswer>(ctx, projectId, idempotencyKey ?? '', hash);
}

/** PUT /v1/posts/drafts/{postId}: replaces the draft's text, media, targets and recurrence. */
export async function editDraft(
  ctx: AppContext,
  reach: ProjectReach,
  postId: string,
  body: CreatePostBody,
): Promise<DraftAnswer> {
  const projectId = projectOf(reach);
  const { problems, media } = await draftProblems(ctx, reach, body);
  return ctx.store.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, ctx, reach, postId);
    requireDraft(post, 'edited here; a scheduled post is edited with PUT /v1/posts/scheduled/{postId}');
    const now = ctx.now();
    const changed = {
      content: body.content,
      media: JSON.stringify(media),
      timezone: body.timezone ?? post.timezone,
      raw_request: JSON.stringify({ ...body, draft: true }),
      first_comment: body.firstComment ?? null,
      updated_at: now.toISOString(),
    };
    await trx.updateTable('posts').set(changed).where('id', '=', postId).execute();
    await trx.deleteFrom('post_targets').where('post_id', '=', postId).execute();
    const targets = draftTargets(ctx, body, projectId, postId, now);
    await trx.insertInto('post_targets').values(targets).execute();
    await recordAudit(
      trx,
      ctx,
      postAuditChange({ ...post, ...changed }, 'post.draft_edited', {
        ...changedFields({ content: post.content }, { content: changed.content }),
        accounts: targets.length,
      }),
    );
    return draftAnswer({ ...post, ...changed }, targets, problems);
  });
}

export function requireDraft(post: PostRow, action: string): void {
  if (post.status !== 'draft')
    throw new AppError(
      'conflict',
      `Post ${post.id} is ${post.status}, not a draft; only a draft can be ${action.replace('{postId}', post.id)}`,
    );
}
