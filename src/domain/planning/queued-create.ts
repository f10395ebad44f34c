/**
 * POST /v1/posts with `queue: true`: every check of a create, then the post goes
 * through the group commit like any create (write-batch.ts), which hands it the
 * next free slot of its accounts' queue in the batch's transaction, after the
 * project's balance is locked: it is charged and stored as a scheduled post due
 * at that slot, and the slot is held by a queue_slots row written with it. The
 * answer's `scheduledFor` is the slot taken.
 */

import type { AppContext } from '../../context.ts';
import { currentActor } from '../audit/actor.ts';
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
import { answerOfTakenKey, earlierRequest, idempotencyRow } from '../posts/idempotency.ts';
import { inspectPostMedia } from '../posts/media-facts.ts';
import type { PostRow, TargetRow } from '../posts/types.ts';
import { writeCreate } from '../posts/write-batch.ts';
import { limitedTo, type ProjectReach, projectOf } from '../teams/reach.ts';
import { queueOwnerOfAccounts } from './queue-slot.ts';
import { recurringPostProblems } from './series-check.ts';

export async function createQueuedPost(
  ctx: AppContext,
  reach: ProjectReach,
  body: CreatePostBody,
  idempotencyKey?: string,
): Promise<CreateAnswer> {
  const projectId = projectOf(reach);
  const { hash, earlier } = await earlierRequest<CreateAnswer>(ctx, projectId, idempotencyKey, body);
  if (earlier) return currentAnswer(ctx, projectId, earlier);
  const inspected = await inspectPostMedia(ctx, projectId, body.mediaItems ?? []);
  const now = ctx.now();
  const problems = bodyProblems(
    ctx,
    body,
    [
      ...inspected.problems,
      // The series' first time is the slot, known only in the batch; its rule is checked against now.
      ...recurringPostProblems(ctx, body, body.timezone ?? 'UTC', now),
    ],
    inspected.media,
  );
  const accounts = verdict(problems, await checkAccounts(ctx, reach, body.platforms));
  const owner = queueOwnerOfAccounts(accounts);

  let built: { post: PostRow; targets: TargetRow[] } | null = null;
  // The key's row is checked by the batch; the row stored is the one build makes, naming the post.
  const keyRow =
    idempotencyKey !== undefined
      ? idempotencyRow(ctx, projectId, idempotencyKey, hash, 202, null)
      : undefined;
  const actor = currentActor();
  const outcome = await writeCreate(ctx, {
    projectId,
    profileIds: limitedTo(reach),
    targets: body.platforms,
    queue: { owner },
    ...(keyRow ? { idempotency: keyRow } : {}),
    build: (checked, slot) => {
      if (!slot) throw new Error('a queued create is built with its slot');
      const rows = newPostRows(
        ctx.platforms,
        projectId,
        body,
        { scheduledFor: slot.at, timezone: slot.timezone },
        inspected.media,
        now,
      );
      const planned = plannedCreate(ctx, rows.post, rows.targets, body.platforms, rows.series, actor).build(
        checked,
      );
      planned.rows.add('queue_slots', {
        project_id: projectId,
        owner,
        slot_at: slot.at.toISOString(),
        post_id: rows.post.id,
        created_at: now.toISOString(),
      });
      built = rows;
      const answer = createAnswer(rows.post, rows.targets);
      return {
        ...planned,
        ...(keyRow ? { idempotency: { ...keyRow, answer: JSON.stringify(answer) } } : {}),
      };
    },
  });
  const written = built as { post: PostRow; targets: TargetRow[] } | null;
  if (outcome === 'written' && written) return createAnswer(written.post, written.targets);
  // Another request with the same key committed first: answer as it did (or 409).
  const first = await answerOfTakenKey<CreateAnswer>(ctx, projectId, idempotencyKey ?? '', hash);
  return currentAnswer(ctx, projectId, first);
}
