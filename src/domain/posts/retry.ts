/**
 * POST /v1/posts/{postId}/retry: publishes the failed targets of a post again,
 * each on its own: a target whose account needs reconnecting is reported as such
 * and does not hold back the others. A target whose post may exist on the
 * platform (its create call was in flight when it failed: "could not confirm")
 * keeps that mark, so its job asks the platform first (reconcile) and creates
 * again only if the platform says the post is absent; never a second post.
 *
 * In one transaction with the post locked: each retried target is charged one
 * credit unless it still holds the charge of its failed attempt (a target that
 * might exist on the platform keeps it), goes back to `pending` with a fresh
 * attempt (the resumable steps start over unless a create is to be reconciled),
 * and gets its publish job; the post goes back to `publishing`, and its status is
 * derived again, with a new final event, when the retried targets have finished.
 * A target that fails again is refunded by the existing rules.
 */

import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { enqueueMany } from '../../jobs/enqueue.ts';
import { recordAudit } from '../audit/record.ts';
import { chargeCredits, openCharges } from '../credits/balance.ts';
import { newId } from '../ids.ts';
import { reconnectMessage } from '../integrations/reconnect-message.ts';
import { publishJobId, publishTargetJob } from '../publishing/job.ts';
import { type Ledger, parseLedger, withHistory } from '../publishing/state.ts';
import { type ProjectReach, projectOf } from '../teams/reach.ts';
import { readIntegrations } from './accounts.ts';
import { lockPost, POST_CHARGE_REASONS } from './lock.ts';
import { postAuditChange } from './post-audit.ts';
import { targetCharges } from './target-charge.ts';
import type { TargetRow } from './types.ts';

export interface RetryTargetAnswer {
  platform: string;
  integrationId: string;
  /** true when the target was put back to be published. */
  retried: boolean;
  /** The target's status after this request. */
  status: string;
  /** Why it was not retried, or what happens first (a check with the platform). */
  message?: string;
}

export interface RetryAnswer {
  success: boolean;
  postId: string;
  status: string;
  creditsCharged: number;
  platforms: RetryTargetAnswer[];
}

const BUSY = new Set(['pending', 'publishing', 'scheduled']);

/** The ledger of a retried target: a fresh attempt, or one that reconciles its create first. */
function retriedLedger(ledger: Ledger, at: string): Ledger {
  const fresh: Ledger = {
    ...(ledger.createInFlight ? { createInFlight: ledger.createInFlight, reachedPlatform: true } : {}),
    ...(ledger.history ? { history: ledger.history } : {}),
  };
  return withHistory(fresh, at, 'retry requested', ledger.createInFlight ? 'reconcile first' : undefined);
}

export async function retryPost(
  ctx: AppContext,
  reach: ProjectReach,
  postId: string,
  integrationIds?: readonly string[],
): Promise<RetryAnswer> {
  const projectId = projectOf(reach);
  const answer = await ctx.store.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, ctx, reach, postId);
    const targets = (
      await trx.selectFrom('post_targets').selectAll().where('post_id', '=', postId).execute()
    ).sort((a, b) => a.position - b.position);
    const unknown = (integrationIds ?? []).filter((id) => !targets.some((t) => t.integration_id === id));
    if (unknown.length)
      throw new AppError(
        'invalid',
        `integrationIds ${unknown.map((id) => `"${id}"`).join(', ')} are not accounts of post ${postId}`,
      );
    if (BUSY.has(post.status) || targets.some((t) => BUSY.has(t.status)))
      throw new AppError(
        'conflict',
        `Post ${postId} is ${post.status}; only the failed targets of a post whose publishing has finished can be retried`,
      );
    if (post.status === 'draft')
      throw new AppError('conflict', `Post ${postId} is a draft; schedule it instead`);
    const chosen = targets.filter((t) => !integrationIds || integrationIds.includes(t.integration_id));
    const failed = chosen.filter((t) => t.status === 'failed');
    if (failed.length === 0)
      throw new AppError(
        'conflict',
        `Post ${postId} has no failed target${integrationIds ? ' among the accounts given' : ''} to retry`,
      );

    const integrations = await readIntegrations(
      trx,
      ctx.store.dialect,
      failed.map((t) => t.integration_id),
    );
    const now = ctx.now();
    const at = now.toISOString();
    const results = new Map<string, RetryTargetAnswer>();
    const retried: TargetRow[] = [];
    for (const t of failed) {
      const account = integrations.get(t.integration_id);
      const base = { platform: t.platform, integrationId: t.integration_id };
      if (!account || account.project_id !== projectId) {
        results.set(t.id, {
          ...base,
          retried: false,
          status: t.status,
          message: 'This account was removed from the project; connect it again to publish to it.',
        });
        continue;
      }
      if (account.auth_status === 'needs_reconnect' || account.auth_status === 'revoked') {
        results.set(t.id, {
          ...base,
          retried: false,
          status: t.status,
          message: reconnectMessage(ctx, account, account.auth_failure_reason),
        });
        continue;
      }
      const ledger = parseLedger(t.ledger);
      const reconcileFirst = Boolean(ledger.createInFlight);
      const next: TargetRow = {
        ...t,
        status: 'pending',
        error_message: null,
        warning_message: null,
        checkpoint: reconcileFirst ? t.checkpoint : null,
        ledger: JSON.stringify(retriedLedger(ledger, at)),
        updated_at: at,
      };
      retried.push(next);
      results.set(t.id, {
        ...base,
        retried: true,
        status: 'pending',
        ...(reconcileFirst
          ? {
              message:
                'Its earlier post may exist on the platform: the service checks with the platform first and publishes again only if it is absent.',
            }
          : {}),
      });
    }

    let charged = 0;
    if (retried.length > 0) {
      // A target whose failed attempt kept its charge (its post may exist) is not charged again.
      const open = await openCharges(
        trx,
        projectId,
        retried.map((t) => t.id),
        POST_CHARGE_REASONS,
      );
      const holding = new Set(open.map((e) => e.target_id));
      const lines = targetCharges(
        retried.filter((t) => !holding.has(t.id)),
        (t) => integrations.get(t.integration_id)?.profile_id ?? null,
      );
      await chargeCredits(
        trx,
        ctx,
        projectId,
        lines,
        `retrying ${lines.length} target${lines.length === 1 ? '' : 's'} (1 credit each)`,
      );
      charged = lines.length;
      for (const t of retried) {
        const { id: _id, project_id: _p, post_id: _post, created_at: _c, ...set } = t;
        await trx.updateTable('post_targets').set(set).where('id', '=', t.id).execute();
      }
      await trx
        .updateTable('posts')
        .set({ status: 'publishing', updated_at: at })
        .where('id', '=', postId)
        .execute();
      // Jobs of their own, due now: the finished job of the failed attempt may still have its row, which
      // the runner deletes by id when it next cleans up; a new job under that id would go with it.
      await enqueueMany(
        trx,
        retried.map((t) => ({
          id: `${publishJobId(t.id)}_${newId('retry', now.getTime())}`,
          kind: publishTargetJob,
          projectId,
          payload: { postId, targetId: t.id, platform: t.platform, integrationId: t.integration_id },
          runAt: now.getTime(),
        })),
      );
    }
    if (retried.length > 0)
      await recordAudit(
        trx,
        ctx,
        postAuditChange(post, 'post.retried', {
          accounts: retried.map((t) => t.integration_id),
          creditsCharged: charged,
        }),
      );
    return {
      success: retried.length > 0,
      postId,
      status: retried.length > 0 ? 'publishing' : post.status,
      creditsCharged: charged,
      // Every account asked for; without a list, the failed ones (the others were not candidates).
      platforms: (integrationIds ? chosen : failed).map(
        (t) =>
          results.get(t.id) ?? {
            platform: t.platform,
            integrationId: t.integration_id,
            retried: false,
            status: t.status,
            message: `Not retried: it is ${t.status}.`,
          },
      ),
    };
  });
  if (!answer.success || !ctx.lifecycle.waitForPublishNow) return answer;
  // As for publish-now creates: the answer waits (bounded) and says where the retried targets got to.
  await ctx.lifecycle.waitForPublishNow(ctx, postId);
  const post = await ctx.store.db
    .selectFrom('posts')
    .select('status')
    .where('id', '=', postId)
    .executeTakeFirst();
  const now = await ctx.store.db
    .selectFrom('post_targets')
    .select(['integration_id', 'status', 'error_message'])
    .where('post_id', '=', postId)
    .execute();
  return {
    ...answer,
    status: post?.status ?? answer.status,
    platforms: answer.platforms.map((p) => {
      const t = now.find((x) => x.integration_id === p.integrationId);
      if (!p.retried || !t) return p;
      return {
        ...p,
        status: t.status,
        ...(t.status === 'failed' && t.error_message ? { message: t.error_message } : {}),
      };
    }),
  };
}
