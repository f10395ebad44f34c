/**
 * The engine's part of the post lifecycle, run inside the posts API's
 * transactions (domain/posts/hooks.ts), so jobs and events commit with the post:
 * - accepted (planned into the create's rows, not run): one publish job per
 *   target (due at scheduledFor, or now), and `post.scheduled` in the outbox for
 *   a scheduled post;
 * - edited / rescheduled: the targets' jobs are replaced (new targets, new time);
 * - cancelled / deleted: the targets' jobs are removed.
 * A job already running when one of these commits re-checks the post under its
 * lock before any platform call, so a cancel that won the race sends nothing.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { JobKind } from '../../jobs/catalog.ts';
import { enqueueMany, jobRow, type NewJob, wakeJobRunners } from '../../jobs/enqueue.ts';
import { wakeOutboxDispatch } from '../../notifications/worker.ts';
import type { RowSet } from '../../store/row-set.ts';
import type { Database } from '../../store/schema.ts';
import type { PostsTable, PostTargetsTable } from '../../store/tables/posts.ts';
import type { AcceptedPost, PostChange } from '../posts/hooks.ts';
import { publishJobId, publishTargetJob } from './job.ts';
import { outboxRow } from './outbox.ts';

type Trx = Transaction<Database>;
type PublishJobPayload = typeof publishTargetJob extends JobKind<infer P> ? P : never;

function publishJobs(post: PostsTable, targets: readonly PostTargetsTable[]): NewJob<PublishJobPayload>[] {
  const runAt = post.scheduled_for ? Date.parse(post.scheduled_for) : Date.now();
  return targets.map((t) => ({
    id: publishJobId(t.id),
    kind: publishTargetJob,
    projectId: post.project_id,
    payload: { postId: post.id, targetId: t.id, platform: t.platform, integrationId: t.integration_id },
    runAt,
  }));
}

export async function enqueuePublishJobs(
  trx: Trx,
  post: PostsTable,
  targets: readonly PostTargetsTable[],
): Promise<void> {
  await enqueueMany(trx, publishJobs(post, targets));
}

/**
 * A new post, planned into the create's row set: one publish job per target, and
 * `post.scheduled` for a scheduled post. Runners of this process are woken once
 * the rows are committed, so a publish-now post starts without waiting for a poll.
 */
export function planAcceptedPost(ctx: AppContext, rows: RowSet, accepted: AcceptedPost): void {
  const { post, targets, profiles } = accepted;
  const now = Date.now();
  const jobs = publishJobs(post, targets).map((j) => jobRow(j, now));
  rows.add('jobs', ...jobs);
  const firstRun = Math.min(...jobs.map((j) => j.run_at));
  rows.afterCommit(() => wakeJobRunners(firstRun));
  if (post.status === 'scheduled') {
    rows.add('outbox', outboxRow(ctx, 'post.scheduled', post, targets, profiles));
    rows.afterCommit(wakeOutboxDispatch);
  }
}

async function removeJobs(trx: Trx, postId: string, targets: readonly PostTargetsTable[]): Promise<void> {
  // The post's targets as given and as stored now. A target an edit already removed
  // keeps its job; that job finds no target and ends without any platform call.
  const ids = targets.map((t) => publishJobId(t.id));
  const existing = await trx.selectFrom('post_targets').select('id').where('post_id', '=', postId).execute();
  for (const t of existing) ids.push(publishJobId(t.id));
  for (let i = 0; i < ids.length; i += 500)
    await trx
      .deleteFrom('jobs')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
}

export async function onPostChange(
  trx: Trx,
  change: PostChange,
  post: PostsTable,
  targets: readonly PostTargetsTable[],
): Promise<void> {
  switch (change) {
    case 'edited':
    case 'rescheduled':
      await removeJobs(trx, post.id, targets);
      if (post.status === 'scheduled') await enqueuePublishJobs(trx, post, targets);
      return;
    case 'cancelled':
    case 'deleted':
      await removeJobs(trx, post.id, targets);
      return;
  }
}
