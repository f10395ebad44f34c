/**
 * POST /v1/posts/{postId}/schedule: a draft (or a cancelled scheduled post)
 * becomes a post like any other, published now, at `scheduledFor`, or in the
 * next free slot of its accounts' queue. Every check of create runs now; then,
 * in one transaction with the post locked: the credits are charged, the post
 * and its targets move to `scheduled` (for publishNow the post to `publishing`,
 * its targets to `pending` until each job starts), the
 * publishing engine adds its jobs and `post.scheduled`, a queue slot and a new
 * series are taken where asked, and the Idempotency-Key is remembered.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { RowSet } from '../../store/row-set.ts';
import type { Database } from '../../store/schema.ts';
import { recordAudit } from '../audit/record.ts';
import { chargeCredits, lockBalances } from '../credits/balance.ts';
import { checkAccounts } from '../posts/accounts.ts';
import { bodyProblems, verdict } from '../posts/check.ts';
import { type CreateAnswer, createAnswer, currentAnswer } from '../posts/create.ts';
import { earlierRequest, findAnswer, idempotencyRow, rememberAnswer } from '../posts/idempotency.ts';
import { lockPost } from '../posts/lock.ts';
import { inspectPostMedia } from '../posts/media-facts.ts';
import { postAuditChange } from '../posts/post-audit.ts';
import { getPostRow } from '../posts/read.ts';
import { readSchedule, type Schedule, type ScheduleInput } from '../posts/schedule.ts';
import { targetCharges } from '../posts/target-charge.ts';
import type { PostRow, TargetRow } from '../posts/types.ts';
import { type ProjectReach, projectOf } from '../teams/reach.ts';
import { storedBody } from './draft-body.ts';
import { requireDraft } from './drafts.ts';
import { holdSlot, pickSlot, queueOwnerOfAccounts, SlotTaken } from './queue-slot.ts';
import { recurringPostProblems } from './series-check.ts';
import { newSeriesRow } from './series-rows.ts';

export type ScheduleDraftInput = Pick<ScheduleInput, 'publishNow' | 'scheduledFor' | 'timezone' | 'queue'>;

/**
 * Approving a post that awaits approval takes this same path (domain/approval):
 * from `pending` instead of `draft`, its own Idempotency-Key body, and what the
 * approval adds (its history line and event) written in the same transaction.
 */
export interface ScheduleFrom {
  status: 'draft' | 'pending';
  /** What the Idempotency-Key is checked against (default: the post id and the input). */
  keyBody?: unknown;
  within?: (trx: Transaction<Database>, moved: PostRow, targets: TargetRow[]) => Promise<void>;
}

const FROM_DRAFT: ScheduleFrom = { status: 'draft' };

function requireFrom(post: PostRow, from: ScheduleFrom): void {
  if (from.status === 'draft') requireDraft(post, 'scheduled');
  else if (post.status !== 'pending')
    throw new AppError(
      'conflict',
      `Post ${post.id} is ${post.status}, not awaiting approval; only a pending post can be approved`,
    );
}

const SLOT_ATTEMPTS = 10;

export async function scheduleDraft(
  ctx: AppContext,
  reach: ProjectReach,
  postId: string,
  input: ScheduleDraftInput,
  idempotencyKey?: string,
  from: ScheduleFrom = FROM_DRAFT,
): Promise<CreateAnswer> {
  const projectId = projectOf(reach);
  const { hash, earlier } = await earlierRequest<CreateAnswer>(
    ctx,
    projectId,
    idempotencyKey,
    from.keyBody ?? { schedulePost: postId, ...input },
  );
  if (earlier) return currentAnswer(ctx, projectId, earlier);
  const draft = await getPostRow(ctx, reach, postId);
  if (draft.status !== from.status && idempotencyKey !== undefined) {
    // A request with the same key may have scheduled it since the read above.
    const earlier = await findAnswer<CreateAnswer>(ctx, projectId, idempotencyKey, hash);
    if (earlier) return currentAnswer(ctx, projectId, earlier.answer);
  }
  requireFrom(draft, from);
  const targets = await ctx.store.db
    .selectFrom('post_targets')
    .selectAll()
    .where('post_id', '=', postId)
    .execute();
  const body = storedBody(draft, targets);
  const timezone = input.timezone ?? draft.timezone;
  const schedule = readSchedule({ ...input, timezone }, ctx.now());
  const inspected = await inspectPostMedia(ctx, projectId, body.mediaItems ?? []);
  const problems = bodyProblems(
    ctx,
    body,
    [
      ...(Array.isArray(schedule) ? schedule : []),
      ...inspected.problems,
      ...(Array.isArray(schedule)
        ? []
        : recurringPostProblems(ctx, body, timezone, schedule.scheduledFor ?? ctx.now())),
    ],
    inspected.media,
  );
  const accounts = verdict(problems, await checkAccounts(ctx, reach, body.platforms));
  if (Array.isArray(schedule)) throw new Error('unreachable: schedule problems are reported above');
  const owner = schedule.mode === 'queue' ? queueOwnerOfAccounts(accounts) : null;

  for (let attempt = 1; ; attempt++) {
    try {
      const written = await ctx.store.db.transaction().execute(async (trx) => {
        const post = await lockPost(trx, ctx, reach, postId);
        requireFrom(post, from);
        const now = ctx.now();
        let when: Pick<Schedule, 'scheduledFor' | 'timezone'> = schedule;
        if (owner !== null) {
          // The balance lock first, as the group commit takes it: queued creates of the project wait.
          await lockBalances(trx, ctx, [projectId]);
          const slot = await pickSlot(trx, projectId, owner, now);
          when = { scheduledFor: slot.at, timezone: slot.timezone };
        }
        const at = now.toISOString();
        const status = when.scheduledFor ? 'scheduled' : 'publishing';
        const targetStatus = when.scheduledFor ? 'scheduled' : 'pending';
        const series = body.recurrence
          ? newSeriesRow(
              projectId,
              { ...body, recurrence: body.recurrence },
              inspected.media,
              { at: when.scheduledFor ?? now, timezone: when.timezone },
              now,
            )
          : null;
        const moved: PostRow = {
          ...post,
          status,
          media: JSON.stringify(inspected.media),
          scheduled_for: when.scheduledFor?.toISOString() ?? null,
          timezone: when.timezone,
          was_scheduled: when.scheduledFor ? 1 : 0,
          ...(series ? { series_id: series.id, series_index: 0 } : {}),
          updated_at: at,
        };
        // Targets in request order: charges and the answer follow it.
        const current = (
          await trx.selectFrom('post_targets').selectAll().where('post_id', '=', postId).execute()
        )
          .sort((a, b) => a.position - b.position)
          .map((t): TargetRow => ({ ...t, status: targetStatus, updated_at: at }));
        await chargeCredits(
          trx,
          ctx,
          projectId,
          targetCharges(current, (_t, i) => accounts[i]?.profileId ?? null),
          `this post (1 credit per target, ${current.length} targets)`,
        );
        if (series) await trx.insertInto('post_series').values(series).execute();
        const { id: _id, project_id: _p, created_at: _c, ...postChange } = moved;
        await trx.updateTable('posts').set(postChange).where('id', '=', postId).execute();
        await trx
          .updateTable('post_targets')
          .set({ status: targetStatus, updated_at: at })
          .where('post_id', '=', postId)
          .execute();
        const rows = new RowSet();
        const profiles = new Map(accounts.map((a) => [a.id, a.profileId]));
        ctx.lifecycle.planAccepted(ctx, rows, { post: moved, targets: current, profiles });
        await rows.write(trx, ctx.store.dialect);
        if (owner !== null && when.scheduledFor) {
          const held = await holdSlot(trx, ctx, { projectId, owner, at: when.scheduledFor, postId });
          if (!held) throw new SlotTaken();
        }
        await recordAudit(
          trx,
          ctx,
          postAuditChange(moved, 'post.scheduled', { status, scheduledFor: moved.scheduled_for }),
        );
        await from.within?.(trx, moved, current);
        const answer = createAnswer(moved, current);
        const keyRow =
          idempotencyKey === undefined
            ? null
            : idempotencyRow(ctx, projectId, idempotencyKey, hash, 200, answer);
        if (keyRow && !(await rememberAnswer(trx, ctx, keyRow)))
          throw new AppError('conflict', 'This Idempotency-Key is in use by a request that has not finished');
        return { answer, rows, publishNow: status === 'publishing' };
      });
      written.rows.committed();
      if (written.publishNow && ctx.lifecycle.waitForPublishNow) {
        await ctx.lifecycle.waitForPublishNow(ctx, postId);
        return currentAnswer(ctx, projectId, written.answer);
      }
      return written.answer;
    } catch (error) {
      if (error instanceof SlotTaken && attempt < SLOT_ATTEMPTS) continue;
      // Two requests with one key: the second finds the post scheduled by the first.
      if (error instanceof AppError && error.kind === 'conflict' && idempotencyKey !== undefined) {
        const earlier = await findAnswer<CreateAnswer>(ctx, projectId, idempotencyKey, hash);
        if (earlier) return currentAnswer(ctx, projectId, earlier.answer);
      }
      throw error;
    }
  }
}
