/**
 * Creating a post: check everything (schedule, every platform's rules, every
 * account), plan the rows (the post, its targets, and what the publishing engine
 * adds through hooks.ts: jobs, events), then in ONE transaction, shared with other
 * creates (write-batch.ts), store them, charge one credit per target and remember
 * the Idempotency-Key. A scheduled post is stored `scheduled`; a
 * publish-now post `publishing` at once, its targets `pending` until the engine
 * takes each (a post `pending` is one awaiting approval, domain/approval).
 */
import type { AppContext } from '../../context.ts';
import type { PlatformRegistry } from '../../platforms/module.ts';
import type { TargetInput } from '../../platforms/shared/input.ts';
import { RowSet } from '../../store/row-set.ts';
import type { PostSeriesTable } from '../../store/tables/planning.ts';
import { type Actor, currentActor } from '../audit/actor.ts';
import { auditRow } from '../audit/record.ts';
import { newId } from '../ids.ts';
import { recurringPostProblems } from '../planning/series-check.ts';
import { newSeriesRow, type SeriesInput } from '../planning/series-rows.ts';
import { assertBodyWithinSpendCaps } from '../platform-spend/caps.ts';
import { limitedTo, type ProjectReach, projectOf } from '../teams/reach.ts';
import { checkAccounts } from './accounts.ts';
import { bodyProblems, type PostBody, postInputOf, verdict } from './check.ts';
import { answerOfTakenKey, earlierRequest, idempotencyRow } from './idempotency.ts';
import { inspectPostMedia } from './media-facts.ts';
import { platformCheckProblems } from './platform-checks.ts';
import { postAuditChange } from './post-audit.ts';
import { readSchedule, type Schedule, type ScheduleInput } from './schedule.ts';
import { targetCharges } from './target-charge.ts';
import { requestedTargetRow, targetFirstComment } from './target-row.ts';
import {
  type FirstCommentResult,
  firstCommentResult,
  type PostRow,
  publishedToSandbox,
  type StoredMedia,
  type TargetRow,
} from './types.ts';
import { type PlannedCreate, writeCreate } from './write-batch.ts';

export interface CreatePostBody extends PostBody, ScheduleInput, SeriesInput {}

export interface CreateTargetAnswer {
  platform: string;
  /** The account this result is for (two accounts of one platform are told apart by it). */
  integrationId: string;
  success: boolean;
  /** Present (true) when the target was published to the sandbox simulator. */
  sandbox?: true;
  platformPostUrl?: string;
  error?: string;
  warningMessage?: string;
  firstComment?: FirstCommentResult;
}

export interface CreateAnswer {
  success: boolean;
  status: string;
  postId: string;
  scheduledFor?: string;
  seriesId?: string;
  platforms: CreateTargetAnswer[];
}

export function createAnswer(post: PostRow, targets: readonly TargetRow[]): CreateAnswer {
  const platforms = [...targets]
    .sort((a, b) => a.position - b.position)
    .map((t) => {
      const a: CreateTargetAnswer = {
        platform: t.platform,
        integrationId: t.integration_id,
        success: t.status !== 'failed',
      };
      if (t.platform_post_url) a.platformPostUrl = t.platform_post_url;
      if (t.status === 'failed' && t.error_message) a.error = t.error_message;
      if (t.warning_message) a.warningMessage = t.warning_message;
      if (publishedToSandbox(t)) a.sandbox = true;
      const firstComment = firstCommentResult(post, t);
      if (firstComment) a.firstComment = firstComment;
      return a;
    });
  return {
    success: platforms.some((p) => p.success),
    status: post.status,
    postId: post.id,
    ...(post.scheduled_for ? { scheduledFor: post.scheduled_for } : {}),
    ...(post.series_id ? { seriesId: post.series_id } : {}),
    platforms,
  };
}

export async function createPost(
  ctx: AppContext,
  reach: ProjectReach,
  body: CreatePostBody,
  idempotencyKey?: string,
): Promise<CreateAnswer> {
  const projectId = projectOf(reach);
  const { hash, earlier } = await earlierRequest<CreateAnswer>(ctx, projectId, idempotencyKey, body);
  if (earlier) return currentAnswer(ctx, projectId, earlier);
  const now = ctx.now();
  const schedule = readSchedule(body, now);
  if (!Array.isArray(schedule) && (schedule.mode === 'draft' || schedule.mode === 'queue'))
    throw new Error(
      `createPost publishes now or at a time; a ${schedule.mode} is created in domain/planning`,
    );
  const inspected = await inspectPostMedia(ctx, projectId, body.mediaItems ?? []);
  const problems = bodyProblems(
    ctx,
    body,
    [
      ...(Array.isArray(schedule) ? schedule : []),
      ...inspected.problems,
      ...(Array.isArray(schedule)
        ? []
        : recurringPostProblems(ctx, body, schedule.timezone, schedule.scheduledFor ?? now)),
    ],
    inspected.media,
  );
  // The platforms' own rules (a subreddit's) only for a body that passed ours, within a short budget.
  if (problems.length === 0)
    problems.push(
      ...(await platformCheckProblems(ctx, reach, body.platforms, postInputOf(body, inspected.media))),
    );
  // A bad body gets every problem at once, its accounts' included. A good one has its
  // accounts checked by the group commit, in the transaction that stores the post.
  if (problems.length > 0) verdict(problems, await checkAccounts(ctx, reach, body.platforms));
  if (Array.isArray(schedule)) throw new Error('unreachable: schedule problems are reported above');
  await assertBodyWithinSpendCaps(ctx, projectId, body);

  const { post, targets, series } = newPostRows(
    ctx.platforms,
    projectId,
    body,
    schedule,
    inspected.media,
    now,
  );
  const answer = createAnswer(post, targets);
  const scheduled = post.scheduled_for !== null;
  const outcome = await writeCreate(ctx, {
    ...plannedCreate(ctx, post, targets, body.platforms, series),
    profileIds: limitedTo(reach),
    ...(idempotencyKey !== undefined
      ? { idempotency: idempotencyRow(ctx, projectId, idempotencyKey, hash, 202, answer) }
      : {}),
  });
  if (outcome === 'key_taken' && idempotencyKey !== undefined) {
    // Another request with the same key committed first: answer as it did (or 409).
    return currentAnswer(
      ctx,
      projectId,
      await answerOfTakenKey<CreateAnswer>(ctx, projectId, idempotencyKey, hash),
    );
  }

  if (!scheduled && ctx.lifecycle.waitForPublishNow) {
    await ctx.lifecycle.waitForPublishNow(ctx, post.id);
    return currentAnswer(ctx, projectId, answer);
  }
  return answer;
}

/**
 * The rows of a checked create: its post (scheduled, or publishing for publish-now),
 * its targets, and the series it starts when it recurs (it is occurrence 0).
 */
export function newPostRows(
  platforms: PlatformRegistry,
  projectId: string,
  body: CreatePostBody,
  { scheduledFor, timezone }: Pick<Schedule, 'scheduledFor' | 'timezone'>,
  media: readonly StoredMedia[],
  now: Date,
): { post: PostRow; targets: TargetRow[]; series: PostSeriesTable | null } {
  const at = now.toISOString();
  const postId = newId('post', now.getTime());
  const scheduled = scheduledFor !== null;
  const series = body.recurrence
    ? newSeriesRow(
        projectId,
        { ...body, recurrence: body.recurrence },
        media,
        { at: scheduledFor ?? now, timezone },
        now,
      )
    : null;
  const post: PostRow = {
    id: postId,
    project_id: projectId,
    content: body.content,
    media: JSON.stringify(media),
    status: scheduled ? 'scheduled' : 'publishing',
    scheduled_for: scheduledFor?.toISOString() ?? null,
    timezone,
    was_scheduled: scheduled ? 1 : 0,
    raw_request: JSON.stringify(body),
    series_id: series?.id ?? null,
    series_index: series ? 0 : null,
    first_comment: body.firstComment ?? null,
    created_at: at,
    updated_at: at,
  };
  const targets: TargetRow[] = body.platforms.map((t, i) =>
    requestedTargetRow(t, i, {
      id: newId('tgt', now.getTime()),
      projectId,
      postId,
      // A publish-now post's targets wait as `pending` until their job starts.
      status: scheduled ? 'scheduled' : 'pending',
      at,
      firstComment: targetFirstComment(platforms, t, body.firstComment),
    }),
  );
  return { post, targets, series };
}

/**
 * What the group commit writes for a create: the post, its targets, what the
 * publishing engine adds (jobs, events), and one credit per target.
 */
export function plannedCreate(
  ctx: AppContext,
  post: PostRow,
  targets: TargetRow[],
  inputs: readonly TargetInput[],
  series: PostSeriesTable | null = null,
  // Read now, in the request: the batch builds the rows of many requests at once.
  actor: Actor = currentActor(),
): PlannedCreate {
  return {
    projectId: post.project_id,
    targets: inputs,
    build: (accounts) => {
      const rows = new RowSet();
      if (series) rows.add('post_series', series);
      rows.add('posts', post);
      rows.add('post_targets', ...targets);
      const profiles = new Map(accounts.map((a) => [a.id, a.profileId]));
      ctx.lifecycle.planAccepted(ctx, rows, { post, targets, profiles });
      rows.add(
        'audit_log',
        auditRow(
          ctx,
          postAuditChange(post, 'post.created', {
            status: post.status,
            scheduledFor: post.scheduled_for,
            accounts: targets.map((t) => t.integration_id),
            ...(series ? { seriesId: series.id } : {}),
          }),
          actor,
        ),
      );
      const lines = targetCharges(targets, (_t, i) => accounts[i]?.profileId ?? null);
      return { rows, charge: { lines, what: `this post (1 credit per target, ${targets.length} targets)` } };
    },
  };
}

/**
 * The answer as of now for a post answered before: a replayed Idempotency-Key (or
 * the end of the publish-now wait) reports where publishing got to, not the state
 * at the first answer. A post deleted since keeps the first answer.
 */
export async function currentAnswer(
  ctx: AppContext,
  projectId: string,
  first: CreateAnswer,
): Promise<CreateAnswer> {
  const post = await ctx.store.db
    .selectFrom('posts')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', first.postId)
    .executeTakeFirst();
  if (!post) return first;
  const targets = await ctx.store.db
    .selectFrom('post_targets')
    .selectAll()
    .where('post_id', '=', post.id)
    .execute();
  return createAnswer(post, targets);
}
