/**
 * POST /v1/posts with `queue: true`: every check of a create, then, in one
 * transaction, the post takes the next free slot of its accounts' queue, is
 * charged and stored as a scheduled post due at that slot. The answer's
 * `scheduledFor` is the slot taken.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { lockBalances } from '../credits/balance.ts';
import { checkAccounts } from '../posts/accounts.ts';
import { bodyProblems, verdict } from '../posts/check.ts';
import {
  type CreateAnswer,
  type CreatePostBody,
  createAnswer,
  currentAnswer,
  newPostRows,
  plannedCreate,
} from '../posts/create.ts';
import { checkKey, findAnswer, idempotencyRow, requestHash } from '../posts/idempotency.ts';
import { inspectPostMedia } from '../posts/media-facts.ts';
import type { StoredMedia } from '../posts/types.ts';
import { writeCreateIn } from '../posts/write-batch.ts';
import { holdSlot, pickSlot, queueOwnerOfAccounts, SlotTaken } from './queue-slot.ts';
import { recurringPostProblems } from './series-check.ts';

/** Attempts when another transaction keeps taking the slot read as free (other projects' nodes never do). */
const SLOT_ATTEMPTS = 10;

export async function createQueuedPost(
  ctx: AppContext,
  projectId: string,
  body: CreatePostBody,
  idempotencyKey?: string,
): Promise<CreateAnswer> {
  let hash = '';
  if (idempotencyKey !== undefined) {
    checkKey(idempotencyKey);
    hash = requestHash(body);
    const earlier = await findAnswer<CreateAnswer>(ctx, projectId, idempotencyKey, hash);
    if (earlier) return currentAnswer(ctx, projectId, earlier.answer);
  }
  const inspected = await inspectPostMedia(ctx, projectId, body.mediaItems ?? []);
  const problems = bodyProblems(ctx, body, [
    ...inspected.problems,
    // The series' first time is the slot, known only in the transaction; its rule is checked against now.
    ...recurringPostProblems(ctx, body, body.timezone ?? 'UTC', ctx.now()),
  ]);
  const accounts = verdict(problems, await checkAccounts(ctx, projectId, body.platforms));
  const owner = queueOwnerOfAccounts(accounts);
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeQueued(ctx, projectId, body, inspected.media, owner, { key: idempotencyKey, hash });
    } catch (error) {
      if (!(error instanceof SlotTaken) || attempt >= SLOT_ATTEMPTS) throw error;
    }
  }
}

async function writeQueued(
  ctx: AppContext,
  projectId: string,
  body: CreatePostBody,
  media: readonly StoredMedia[],
  owner: string,
  idempotency: { key: string | undefined; hash: string },
): Promise<CreateAnswer> {
  const now = ctx.now();
  const written = await ctx.store.db.transaction().execute(async (trx) => {
    // The balance lock first: it serializes the project's creates, so the slot read next stays free.
    await lockBalances(trx, ctx, [projectId]);
    const slot = await pickSlot(trx, projectId, owner, now);
    const { post, targets, series } = newPostRows(
      projectId,
      body,
      { scheduledFor: slot.at, timezone: slot.timezone },
      media,
      now,
    );
    const answer = createAnswer(post, targets);
    const { key, hash } = idempotency;
    const result = await writeCreateIn(trx, ctx, {
      ...plannedCreate(ctx, post, targets, body.platforms, series),
      ...(key !== undefined ? { idempotency: idempotencyRow(ctx, projectId, key, hash, 202, answer) } : {}),
    });
    if (result.outcome === 'key_taken') return { answer: null, rows: null };
    if (!(await holdSlot(trx, ctx, { projectId, owner, at: slot.at, postId: post.id })))
      throw new SlotTaken();
    return { answer, rows: result.rows };
  });
  written.rows?.committed();
  if (written.answer) return written.answer;
  // Another request with the same key committed first: answer as it did (or 409).
  const earlier = await findAnswer<CreateAnswer>(ctx, projectId, idempotency.key ?? '', idempotency.hash);
  if (earlier) return currentAnswer(ctx, projectId, earlier.answer);
  throw new AppError('conflict', 'This Idempotency-Key is in use by a request that has not finished');
}
