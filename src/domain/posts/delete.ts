/**
 * DELETE /v1/posts/{postId}. A post being published (publishing, or a target
 * still pending its job) is refused with 409: deleting it under a running publish could leave a post on a
 * platform that the service no longer knows about.
 *
 * Without deleteFromPlatforms the post is deleted here only; credits of targets
 * that never reached a platform (still scheduled) are refunded.
 *
 * With deleteFromPlatforms each published target is removed through its adapter,
 * 1 credit each: all are charged up front in one transaction (402 if they can not
 * all be paid), and the charge of a target whose deletion failed or was not
 * possible is refunded. The post is deleted here when every platform deletion
 * succeeded; otherwise it is kept (deleted targets lose their platform ids and
 * say so in warningMessage) so the rest can be retried.
 */

import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Checkpoint } from '../../platforms/contract.ts';
import { recordAudit } from '../audit/record.ts';
import { chargeCredits, refundTargets } from '../credits/balance.ts';
import { detachPostDerivatives, removeUnusedDerivatives } from '../publishing/derivatives.ts';
import { type ProjectReach, projectOf } from '../teams/reach.ts';
import { lockPost, POST_CHARGE_REASONS } from './lock.ts';
import { platformDeleteFor } from './platform-delete.ts';
import { postAuditChange } from './post-audit.ts';
import { getPostRow, loadTargets } from './read.ts';
import type { PostRow, TargetRow } from './types.ts';

export interface DeleteTargetAnswer {
  platform: string;
  integrationId: string;
  platformPostId: string | null;
  status: 'deleted' | 'failed' | 'skipped';
  success: boolean;
  message?: string;
  errorMessage?: string;
}

export interface DeleteAnswer {
  success: boolean;
  creditsCharged: number;
  platforms: DeleteTargetAnswer[];
}

/** A post `pending` awaits approval and has nothing running: it may be deleted. */
const POST_BUSY = new Set(['publishing']);
const TARGET_BUSY = new Set(['pending', 'publishing']);

/** What publish recorded for the target (a thread's part ids); the adapter reads its own format. */
const storedCheckpoint = (t: TargetRow): Checkpoint =>
  t.checkpoint ? (JSON.parse(t.checkpoint) as Checkpoint) : {};

function refuseBusy(post: PostRow, targets: readonly TargetRow[]): void {
  if (POST_BUSY.has(post.status) || targets.some((t) => TARGET_BUSY.has(t.status)))
    throw new AppError(
      'conflict',
      `Post ${post.id} is being published; delete it once publishing has finished`,
    );
}

async function deleteLocally(
  ctx: AppContext,
  reach: ProjectReach,
  postId: string,
  deletedFrom: readonly TargetRow[] = [],
): Promise<void> {
  const projectId = projectOf(reach);
  let derivatives: string[] = [];
  await ctx.store.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, ctx, reach, postId);
    const targets = await trx.selectFrom('post_targets').selectAll().where('post_id', '=', postId).execute();
    refuseBusy(post, targets);
    const unsent = targets.filter((t) => t.status === 'scheduled').map((t) => t.id);
    await refundTargets(trx, ctx, projectId, unsent, 'post_refund', POST_CHARGE_REASONS);
    await ctx.lifecycle.onChange(trx, ctx, { change: 'deleted', post, targets });
    derivatives = await detachPostDerivatives(trx, postId);
    await trx.deleteFrom('post_targets').where('post_id', '=', postId).execute();
    await trx.deleteFrom('posts').where('id', '=', postId).execute();
    await recordAudit(
      trx,
      ctx,
      postAuditChange(post, 'post.deleted', {
        status: post.status,
        deletedFromPlatforms: deletedFrom.map((t) => t.integration_id),
      }),
    );
  });
  // After the commit: objects are removed only once no post can name them any more.
  await removeUnusedDerivatives(ctx, derivatives);
}

export async function deletePost(
  ctx: AppContext,
  reach: ProjectReach,
  postId: string,
  deleteFromPlatforms: boolean,
): Promise<DeleteAnswer> {
  const projectId = projectOf(reach);
  if (!deleteFromPlatforms) {
    await deleteLocally(ctx, reach, postId);
    return { success: true, creditsCharged: 0, platforms: [] };
  }
  const post = await getPostRow(ctx, reach, postId);
  const targets = (await loadTargets(ctx, projectId, [postId])).get(postId) ?? [];
  refuseBusy(post, targets);
  const live = targets.filter((t) => t.status === 'published' && t.platform_post_id);

  const profiles = new Map<string, string | null>();
  if (live.length > 0) {
    const rows = await ctx.store.db
      .selectFrom('integrations')
      .select(['id', 'profile_id'])
      .where('project_id', '=', projectId)
      .where(
        'id',
        'in',
        live.map((t) => t.integration_id),
      )
      .execute();
    for (const r of rows) profiles.set(r.id, r.profile_id);
  }

  await ctx.store.db.transaction().execute(async (trx) => {
    await lockPost(trx, ctx, reach, postId);
    await chargeCredits(
      trx,
      ctx,
      projectId,
      live.map((t) => ({
        amount: 1,
        reason: 'platform_delete',
        postId,
        targetId: t.id,
        integrationId: t.integration_id,
        platform: t.platform,
        profileId: profiles.get(t.integration_id) ?? null,
      })),
      `deleting from ${live.length} platform${live.length === 1 ? '' : 's'} (1 credit each)`,
    );
  });

  const answers: DeleteTargetAnswer[] = [];
  const failed: string[] = [];
  const deleted: TargetRow[] = [];
  for (const t of targets) {
    const base = {
      platform: t.platform,
      integrationId: t.integration_id,
      platformPostId: t.platform_post_id,
    };
    if (!live.includes(t)) {
      answers.push({
        ...base,
        status: 'skipped',
        success: true,
        message: `Not published on ${t.platform}; nothing to delete there`,
      });
      continue;
    }
    const remove = platformDeleteFor(ctx, t.platform);
    if (!remove) {
      failed.push(t.id);
      answers.push({
        ...base,
        status: 'failed',
        success: false,
        errorMessage: `Deleting posts from ${t.platform} is not available: the ${t.platform} module has no publisher`,
      });
      continue;
    }
    try {
      await remove(ctx, {
        projectId,
        integrationId: t.integration_id,
        platform: t.platform,
        platformPostId: t.platform_post_id ?? '',
        checkpoint: storedCheckpoint(t),
      });
      deleted.push(t);
      answers.push({ ...base, status: 'deleted', success: true, message: `Deleted from ${t.platform}` });
    } catch (err) {
      failed.push(t.id);
      answers.push({
        ...base,
        status: 'failed',
        success: false,
        errorMessage: (err as Error).message || 'The platform refused the deletion',
      });
    }
  }

  if (failed.length === 0) {
    await deleteLocally(ctx, reach, postId, deleted);
  } else {
    await ctx.store.db.transaction().execute(async (trx) => {
      await refundTargets(trx, ctx, projectId, failed, 'platform_delete_refund', ['platform_delete']);
      const at = ctx.now().toISOString();
      for (const t of deleted)
        await trx
          .updateTable('post_targets')
          .set({
            platform_post_id: null,
            platform_post_url: null,
            warning_message: `Deleted from ${t.platform} at ${at} (was ${t.platform_post_id})`,
            updated_at: at,
          })
          .where('id', '=', t.id)
          .execute();
      await recordAudit(
        trx,
        ctx,
        postAuditChange(post, 'post.deleted_from_platforms', {
          deleted: deleted.map((t) => t.integration_id),
          failed: targets.filter((t) => failed.includes(t.id)).map((t) => t.integration_id),
        }),
      );
    });
  }
  return { success: failed.length === 0, creditsCharged: deleted.length, platforms: answers };
}
