/**
 * PUT /v1/posts/scheduled/{postId}: replaces text, media, targets (with their
 * platform-specific data) and optionally the schedule of a post that is still
 * scheduled. Every target is validated again. Credits follow the targets: a
 * target kept (same account) keeps its charge, a removed one is refunded, an added
 * one is charged, all in one transaction with the post locked, so the difference
 * is exactly what moves (402 when it can not be paid).
 */

import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { changedFields, recordAudit } from '../audit/record.ts';
import { chargeCredits, refundTargets } from '../credits/balance.ts';
import { newId } from '../ids.ts';
import { releaseSlot } from '../planning/queue-slot.ts';
import { type ProjectReach, projectOf } from '../teams/reach.ts';
import { checkPostBody, type PostBody } from './check.ts';
import { lockPost, POST_CHARGE_REASONS, requireScheduled } from './lock.ts';
import { inspectPostMedia } from './media-facts.ts';
import { postAuditChange } from './post-audit.ts';
import { getPostRow } from './read.ts';
import { futureTime, isKnownTimeZone } from './schedule.ts';
import { requestedColumns, requestedTargetRow, targetFirstComment } from './target-row.ts';
import type { TargetRow } from './types.ts';

export interface EditPostBody extends Omit<PostBody, 'firstComment'> {
  scheduledFor?: string;
  timezone?: string;
  /** Omit to keep the post's first comment; null removes it. */
  firstComment?: string | null;
}

export async function editScheduledPost(
  ctx: AppContext,
  reach: ProjectReach,
  postId: string,
  body: EditPostBody,
): Promise<{ scheduledFor: string; charged: number; refunded: number }> {
  const projectId = projectOf(reach);
  const current = await getPostRow(ctx, reach, postId);
  requireScheduled(current, 'edited');
  const problems: string[] = [];
  const timezone = body.timezone ?? current.timezone;
  let scheduledFor = current.scheduled_for;
  if (!isKnownTimeZone(timezone))
    problems.push(`timezone "${timezone}" is not a known IANA time zone (e.g. Europe/Paris)`);
  else if (body.scheduledFor !== undefined) {
    const when = futureTime(body.scheduledFor, timezone, ctx.now());
    if (typeof when === 'string') problems.push(when);
    else scheduledFor = when.toISOString();
  }
  const inspected = await inspectPostMedia(ctx, projectId, body.mediaItems ?? []);
  problems.push(...inspected.problems);
  // Omitted keeps the post's first comment (clients that do not know it leave it alone); null removes it.
  const firstComment = body.firstComment === undefined ? current.first_comment : body.firstComment;
  const checked = { ...body, ...(firstComment !== null ? { firstComment } : { firstComment: undefined }) };
  const accounts = await checkPostBody(ctx, reach, checked, problems, inspected.media);

  return ctx.store.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, ctx, reach, postId);
    requireScheduled(post, 'edited');
    const now = ctx.now();
    const at = now.toISOString();
    const old = await trx.selectFrom('post_targets').selectAll().where('post_id', '=', postId).execute();
    const oldByAccount = new Map(old.map((t) => [t.integration_id, t]));
    const next: TargetRow[] = body.platforms.map((t, i) => {
      const kept = oldByAccount.get(t.accountId);
      const own = targetFirstComment(ctx.platforms, t, firstComment);
      if (kept) return { ...kept, ...requestedColumns(t, i, 'scheduled', at, own) };
      return requestedTargetRow(t, i, {
        id: newId('tgt', now.getTime()),
        projectId,
        postId,
        status: 'scheduled',
        at,
        firstComment: own,
      });
    });
    const keptIds = new Set(next.map((t) => t.id));
    const removed = old.filter((t) => !keptIds.has(t.id));
    const added = next.filter((t) => !old.some((o) => o.id === t.id));

    // Refund first so the charge sees the credits the removed targets give back.
    const refunded = await refundTargets(
      trx,
      ctx,
      projectId,
      removed.map((t) => t.id),
      'post_edit_refund',
      POST_CHARGE_REASONS,
    );
    await chargeCredits(
      trx,
      ctx,
      projectId,
      added.map((t) => ({
        amount: 1,
        reason: 'post_edit',
        postId,
        targetId: t.id,
        profileId: accounts[t.position]?.profileId ?? null,
        integrationId: t.integration_id,
        platform: t.platform,
      })),
      `the ${added.length} added target${added.length === 1 ? '' : 's'} of this edit (1 credit each)`,
    );
    for (const t of next) {
      if (added.includes(t)) continue;
      await trx
        .updateTable('post_targets')
        .set({
          position: t.position,
          content: t.content,
          platform_specific_data: t.platform_specific_data,
          first_comment: t.first_comment,
          updated_at: at,
        })
        .where('id', '=', t.id)
        .execute();
    }
    if (added.length > 0) await trx.insertInto('post_targets').values(added).execute();
    const changed = {
      content: body.content,
      media: JSON.stringify(inspected.media),
      scheduled_for: scheduledFor,
      timezone,
      first_comment: firstComment,
      updated_at: at,
    };
    await trx.updateTable('posts').set(changed).where('id', '=', postId).execute();
    // A queued post given another time no longer holds its queue slot.
    if (scheduledFor !== post.scheduled_for) await releaseSlot(trx, postId);
    // The hook runs while the removed targets' rows still exist, so the engine can find their jobs.
    await ctx.lifecycle.onChange(trx, ctx, {
      change: 'edited',
      post: { ...post, ...changed },
      targets: next,
      removedTargets: removed,
    });
    if (removed.length > 0)
      await trx
        .deleteFrom('post_targets')
        .where(
          'id',
          'in',
          removed.map((t) => t.id),
        )
        .execute();

    if (!scheduledFor) throw new AppError('conflict', `Post ${postId} has no scheduled time`);
    await recordAudit(
      trx,
      ctx,
      postAuditChange({ ...post, ...changed }, 'post.edited', {
        ...changedFields(
          { content: post.content, scheduledFor: post.scheduled_for },
          { content: changed.content, scheduledFor },
        ),
        accountsAdded: added.map((t) => t.integration_id),
        accountsRemoved: removed.map((t) => t.integration_id),
      }),
    );
    return { scheduledFor, charged: added.length, refunded };
  });
}
