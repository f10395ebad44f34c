/**
 * The `edit_target` job kind: one job per target edit (`edit_<editId>`), run
 * bounded per platform and per account like publishing. One run:
 * 1. the edit is still the target's latest and still `editing` (else done);
 * 2. its ledger: a platform call left in flight by a run that died (kill -9, lost
 *    lease) is sent again only by an idempotent editor (it sets fields to values,
 *    so twice is as once); any other fails with a message to check the account;
 * 3. the ledger records the call as in flight, then the module's editor is called
 *    through withAccount (one token refresh on refusal);
 * 4. the answer settles the edit in one transaction with the target's new text and
 *    options (`edited`), or its failure and the refund of its credit (`failed`).
 * Rate limits wait as the platform asks (no attempt used); transient errors and
 * unknown outcomes are thrown, so the runner retries with backoff, and onExhausted
 * fails the edit once the attempts are used up. Every write checks that this run
 * still holds the job's lease (fencing), so a runner that lost it changes nothing.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { defineJobKind, type RetryLater, type RunningJob } from '../../jobs/catalog.ts';
import { deadline } from '../../net/deadline.ts';
import { platformUrlsOf } from '../../platforms/auth-registry.ts';
import { PlatformError } from '../../platforms/contract.ts';
import { isPlatform } from '../../platforms/names.ts';
import type { Database } from '../../store/schema.ts';
import { refundCharges } from '../credits/balance.ts';
import { AccountUnavailable, RefusedAfterRefresh, withAccount } from '../integrations/account-access.ts';
import { LeaseLost } from '../publishing/transitions-types.ts';
import { PUBLISHED_EDIT_REFUND_REASON } from './reasons.ts';
import { parseEdit, type TargetEdit } from './state.ts';

export interface EditPayload {
  postId: string;
  targetId: string;
  editId: string;
  platform: string;
  integrationId: string;
}

const EDIT_CALL_TIMEOUT_MS = 60_000;

export const editTargetJob = defineJobKind<EditPayload>({
  kind: 'edit_target',
  retry: { maxAttempts: 6, baseDelayMs: 2000, maxDelayMs: 120_000 },
  timeoutMs: 2 * EDIT_CALL_TIMEOUT_MS,
  concurrency: (p) => ({ platform: p.platform, account: p.integrationId }),
  run: runEdit,
  onExhausted: async (job, error, ctx) => {
    await settleEdit(ctx, job, {
      ok: false,
      message: `The platform did not take the edit after ${job.attempt} attempts: ${error}`,
    });
  },
});

async function runEdit(job: RunningJob<EditPayload>, ctx: AppContext): Promise<undefined | RetryLater> {
  const { targetId, platform, integrationId } = job.payload;
  const target = await ctx.store.db
    .selectFrom('post_targets')
    .select(['edit', 'platform_post_id', 'platform_specific_data', 'checkpoint'])
    .where('id', '=', targetId)
    .executeTakeFirst();
  const edit = parseEdit(target?.edit ?? null);
  if (!target || !edit || edit.id !== job.payload.editId || edit.status !== 'editing') return undefined;
  const editor = isPlatform(platform) ? ctx.platforms[platform].editor : undefined;
  if (!isPlatform(platform) || !editor || !target.platform_post_id)
    return settleEdit(ctx, job, { ok: false, message: `Editing posts on ${platform} is not available` });
  if (edit.callInFlight && !editor.idempotent)
    return settleEdit(ctx, job, {
      ok: false,
      message: `The edit was sent at ${edit.callInFlight.since} and its answer was lost; check the post on ${ctx.platforms[platform].displayName} before editing again`,
    });

  await changeEdit(ctx, job, (e) => ({
    ...e,
    callInFlight: { since: ctx.now().toISOString(), attempt: job.attempt },
    calls: e.calls + 1,
  }));
  const options = {
    ...(JSON.parse(target.platform_specific_data) as Record<string, unknown>),
    ...edit.options,
  };
  const post = await ctx.store.db
    .selectFrom('posts')
    .select('media')
    .where('id', '=', job.payload.postId)
    .executeTakeFirstOrThrow();
  const endpoints = ctx.endpoints[platform];
  const limit = deadline(EDIT_CALL_TIMEOUT_MS, job.signal);
  try {
    const result = await withAccount(ctx, integrationId, (account) =>
      editor.edit({
        account,
        platformPostId: target.platform_post_id ?? '',
        checkpoint: target.checkpoint ? (JSON.parse(target.checkpoint) as Record<string, unknown>) : {},
        target: { content: edit.content, platformSpecificData: options, mediaItems: JSON.parse(post.media) },
        changes: { content: edit.contentChanged, options: Object.keys(edit.options) },
        baseUrl: endpoints.url('api', ''),
        platformUrls: platformUrlsOf(ctx, platform),
        apiVersion: endpoints.apiVersion,
        signal: limit.signal,
        log: ctx.log.child({ platform, integrationId, targetId, editId: edit.id }),
      }),
    );
    return settleEdit(ctx, job, {
      ok: true,
      ...(result.warningMessage ? { warning: result.warningMessage } : {}),
    });
  } catch (err) {
    if (err instanceof LeaseLost || job.signal.aborted) throw err;
    if (err instanceof RefusedAfterRefresh)
      return settleEdit(ctx, job, { ok: false, message: err.refusal.message });
    if (err instanceof AccountUnavailable) {
      if (err.final) return settleEdit(ctx, job, { ok: false, message: err.message });
      throw err;
    }
    if (!(err instanceof PlatformError)) throw err;
    if (err.errorClass === 'permanent') return settleEdit(ctx, job, { ok: false, message: err.message });
    if (err.errorClass === 'rate_limited')
      return {
        retryInMs: err.retryAfterMs ?? 60_000,
        reason: `rate limited: ${err.message}`,
        countsAsAttempt: false,
      };
    // transient, unknown_outcome: the runner retries with backoff (the ledger keeps the call in flight).
    throw err;
  } finally {
    limit.clear();
  }
}

type Settlement = { ok: true; warning?: string } | { ok: false; message: string };

/**
 * Ends the edit in one fenced transaction: edited (the target takes the new text,
 * null when it is the post's text again, and the new options) or failed (its
 * credit refunded; text and options stay as they are on the platform).
 */
async function settleEdit(ctx: AppContext, job: RunningJob<EditPayload>, s: Settlement): Promise<undefined> {
  await whileLeased(ctx, job, async (trx) => {
    const row = await trx
      .selectFrom('post_targets as t')
      .innerJoin('posts as p', 'p.id', 't.post_id')
      .select(['t.edit', 't.platform_specific_data', 'p.content as postContent'])
      .where('t.id', '=', job.payload.targetId)
      .executeTakeFirst();
    const edit = parseEdit(row?.edit ?? null);
    if (!row || !edit || edit.id !== job.payload.editId || edit.status !== 'editing') return;
    const at = ctx.now().toISOString();
    const done: TargetEdit = {
      ...edit,
      status: s.ok ? 'edited' : 'failed',
      finishedAt: at,
      callInFlight: null,
      errorMessage: s.ok ? null : s.message,
      warningMessage: s.ok ? (s.warning ?? null) : null,
    };
    const applied = s.ok
      ? {
          content: edit.content === row.postContent ? null : edit.content,
          platform_specific_data: JSON.stringify({
            ...(JSON.parse(row.platform_specific_data) as Record<string, unknown>),
            ...edit.options,
          }),
        }
      : {};
    await trx
      .updateTable('post_targets')
      .set({ ...applied, edit: JSON.stringify(done), updated_at: at })
      .where('id', '=', job.payload.targetId)
      .execute();
    if (s.ok)
      await trx.updateTable('posts').set({ updated_at: at }).where('id', '=', job.payload.postId).execute();
    else if (edit.chargeId)
      await refundCharges(trx, ctx, job.projectId ?? '', [edit.chargeId], PUBLISHED_EDIT_REFUND_REASON);
  });
  return undefined;
}

/** Rewrites the edit record while this run holds the lease. */
async function changeEdit(
  ctx: AppContext,
  job: RunningJob<EditPayload>,
  change: (e: TargetEdit) => TargetEdit,
): Promise<void> {
  await whileLeased(ctx, job, async (trx) => {
    const row = await trx
      .selectFrom('post_targets')
      .select('edit')
      .where('id', '=', job.payload.targetId)
      .executeTakeFirst();
    const edit = parseEdit(row?.edit ?? null);
    if (!edit || edit.id !== job.payload.editId) throw new LeaseLost('the edit was replaced');
    await trx
      .updateTable('post_targets')
      .set({ edit: JSON.stringify(change(edit)) })
      .where('id', '=', job.payload.targetId)
      .execute();
  });
}

/** Runs `fn` in a transaction that first checks this run still holds the job's lease (fencing). */
async function whileLeased(
  ctx: AppContext,
  job: RunningJob<EditPayload>,
  fn: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await ctx.store.db.transaction().execute(async (trx) => {
    const q = trx.selectFrom('jobs').select('lease_owner').where('id', '=', job.id);
    const lease = await (ctx.store.dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
    if (lease?.lease_owner !== job.leaseOwner) throw new LeaseLost();
    await fn(trx);
  });
}
