/** Scheduled posts: list, cancel (back to draft, credits refunded, queue slot freed) and reschedule. */

import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import { refundTargets } from '../credits/balance.ts';
import { releaseSlot } from '../planning/queue-slot.ts';
import { type ProjectReach, projectOf } from '../teams/reach.ts';
import { lockPost, POST_CHARGE_REASONS, requireScheduled } from './lock.ts';
import { postAuditChange } from './post-audit.ts';
import { listPosts } from './read.ts';
import { futureTime, isKnownTimeZone } from './schedule.ts';
import type { PostRecord } from './types.ts';

export function listScheduled(
  ctx: AppContext,
  reach: ProjectReach,
  q: { limit: number; offset: number; sort?: 'asc' | 'desc' },
): Promise<{ total: number; posts: PostRecord[] }> {
  return listPosts(ctx, reach, { ...q, status: 'scheduled', orderBy: 'scheduled_for' });
}

export async function cancelScheduled(ctx: AppContext, reach: ProjectReach, postId: string): Promise<number> {
  const projectId = projectOf(reach);
  return ctx.store.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, ctx, reach, postId);
    requireScheduled(post, 'cancelled');
    const at = ctx.now().toISOString();
    const targets = await trx.selectFrom('post_targets').selectAll().where('post_id', '=', postId).execute();
    const refunded = await refundTargets(
      trx,
      ctx,
      projectId,
      targets.map((t) => t.id),
      'post_refund',
      POST_CHARGE_REASONS,
    );
    await trx
      .updateTable('posts')
      .set({ status: 'draft', scheduled_for: null, updated_at: at })
      .where('id', '=', postId)
      .execute();
    await releaseSlot(trx, postId);
    await trx
      .updateTable('post_targets')
      .set({ status: 'draft', updated_at: at })
      .where('post_id', '=', postId)
      .execute();
    await ctx.lifecycle.onChange(trx, ctx, {
      change: 'cancelled',
      post: { ...post, status: 'draft', scheduled_for: null, updated_at: at },
      targets: targets.map((t) => ({ ...t, status: 'draft', updated_at: at })),
    });
    await recordAudit(
      trx,
      ctx,
      postAuditChange(post, 'post.cancelled', { scheduledFor: post.scheduled_for, refunded }),
    );
    return refunded;
  });
}

export async function reschedulePost(
  ctx: AppContext,
  reach: ProjectReach,
  postId: string,
  input: { scheduledFor: string; timezone?: string },
): Promise<string> {
  if (input.timezone !== undefined && !isKnownTimeZone(input.timezone))
    throw new AppError(
      'invalid',
      `timezone "${input.timezone}" is not a known IANA time zone (e.g. Europe/Paris)`,
    );
  return ctx.store.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, ctx, reach, postId);
    requireScheduled(post, 'rescheduled');
    const timezone = input.timezone ?? post.timezone;
    const when = futureTime(input.scheduledFor, timezone, ctx.now());
    if (typeof when === 'string') throw new AppError('invalid', when);
    const at = ctx.now().toISOString();
    const changed = { scheduled_for: when.toISOString(), timezone, updated_at: at };
    await trx.updateTable('posts').set(changed).where('id', '=', postId).execute();
    // A queued post given a time of its own no longer holds its queue slot.
    await releaseSlot(trx, postId);
    const targets = await trx.selectFrom('post_targets').selectAll().where('post_id', '=', postId).execute();
    await ctx.lifecycle.onChange(trx, ctx, { change: 'rescheduled', post: { ...post, ...changed }, targets });
    await recordAudit(
      trx,
      ctx,
      postAuditChange(post, 'post.rescheduled', {
        scheduledFor: [post.scheduled_for, changed.scheduled_for],
        ...(timezone !== post.timezone ? { timezone: [post.timezone, timezone] } : {}),
      }),
    );
    return changed.scheduled_for;
  });
}
