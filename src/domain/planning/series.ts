/**
 * Reading and managing a recurring series: its occurrences and next time
 * (GET /v1/series/{id}), changing its rule or texts or pausing it (PATCH), and
 * ending it (DELETE: the next scheduled occurrence is cancelled and refunded;
 * published ones stay).
 */

import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import type { PostSeriesTable } from '../../store/tables/planning.ts';
import { changedFields, recordAudit } from '../audit/record.ts';
import { cancelScheduled } from '../posts/scheduled.ts';
import { limitedTo, type ProjectReach, projectOf, seriesInReach } from '../teams/reach.ts';
import { toIso } from '../time.ts';
import { lockSeries } from './next-occurrence.ts';
import { nextStep, type RecurrenceRule, recurrenceProblems } from './recurrence.ts';
import { enqueueSeriesNext, wakeSeriesNext } from './series-job.ts';
import { ACTIVE_SERIES } from './series-rows.ts';

export interface Occurrence {
  postId: string;
  index: number;
  status: string;
  scheduledFor: string | null;
}

export interface Series {
  seriesId: string;
  /** active, paused or ended. */
  status: string;
  /** Why it is paused or ended; null while active. */
  statusReason: string | null;
  recurrence: RecurrenceRule;
  variants: string[];
  timezone: string;
  occurrencesCreated: number;
  /** When the next occurrence is (or will be) due; null when the series is paused or ended. */
  nextAt: string | null;
  occurrences: Occurrence[];
  createdAt: string;
  updatedAt: string;
}

export interface SeriesChange {
  recurrence?: RecurrenceRule;
  variants?: string[];
  paused?: boolean;
}

const IN_FLIGHT = new Set(['scheduled', 'pending', 'publishing']);

async function readSeriesRow(
  ctx: AppContext,
  reach: ProjectReach,
  seriesId: string,
): Promise<PostSeriesTable> {
  const row = await ctx.store.db
    .selectFrom('post_series')
    .selectAll()
    .where('project_id', '=', projectOf(reach))
    .where('id', '=', seriesId)
    .where(seriesInReach(reach))
    .executeTakeFirst();
  if (!row) throw notFound('Series');
  return row;
}

export async function getSeries(ctx: AppContext, reach: ProjectReach, seriesId: string): Promise<Series> {
  const projectId = projectOf(reach);
  const row = await readSeriesRow(ctx, reach, seriesId);
  const posts = await ctx.store.db
    .selectFrom('posts')
    .select(['id', 'series_index', 'status', 'scheduled_for'])
    .where('project_id', '=', projectId)
    .where('series_id', '=', seriesId)
    .orderBy('series_index', 'asc')
    .execute();
  const occurrences = posts.map((p) => ({
    postId: p.id,
    index: p.series_index ?? 0,
    status: p.status,
    scheduledFor: toIso(p.scheduled_for),
  }));
  const rule = JSON.parse(row.rule) as RecurrenceRule;
  const upcoming = occurrences.find((o) => IN_FLIGHT.has(o.status));
  let nextAt: string | null = null;
  if (row.status === ACTIVE_SERIES) {
    if (upcoming) nextAt = upcoming.scheduledFor;
    else if (rule.count === undefined || row.created_count < rule.count)
      nextAt =
        nextStep(rule, new Date(row.anchor_at), row.timezone, row.last_step, ctx.now())?.at.toISOString() ??
        null;
  }
  return {
    seriesId: row.id,
    status: row.status,
    statusReason: row.status_reason,
    recurrence: rule,
    variants: JSON.parse(row.variants) as string[],
    timezone: row.timezone,
    occurrencesCreated: row.created_count,
    nextAt,
    occurrences,
    createdAt: toIso(row.created_at) ?? row.created_at,
    updatedAt: toIso(row.updated_at) ?? row.updated_at,
  };
}

/**
 * A new rule counts from the latest occurrence's time (it becomes step 0), so
 * occurrences already created keep their times. `paused: false` (resuming, or
 * going on after the latest occurrence was cancelled) hands over at once when no
 * occurrence is waiting to be published.
 */
export async function updateSeries(
  ctx: AppContext,
  reach: ProjectReach,
  seriesId: string,
  change: SeriesChange,
): Promise<Series> {
  const projectId = projectOf(reach);
  let resumed = false;
  // A series outside a limited caller's reach is answered like one that does not exist.
  if (limitedTo(reach) !== null) await readSeriesRow(ctx, reach, seriesId);
  await ctx.store.db.transaction().execute(async (trx) => {
    const row = await lockSeries(trx, ctx, projectId, seriesId);
    if (!row) throw notFound('Series');
    if (change.recurrence === undefined && change.variants === undefined && change.paused === undefined)
      throw new AppError('invalid', 'give at least one of recurrence, variants or paused');
    if (row.status === 'ended')
      throw new AppError(
        'conflict',
        `Series ${seriesId} has ended (${row.status_reason}); create a new recurring post instead`,
      );
    const now = ctx.now();
    const set: Partial<PostSeriesTable> = { updated_at: now.toISOString() };
    if (change.recurrence) {
      const latest = await trx
        .selectFrom('posts')
        .select('scheduled_for')
        .where('series_id', '=', seriesId)
        .where('series_index', '=', row.created_count - 1)
        .executeTakeFirst();
      const anchor = latest?.scheduled_for ? new Date(latest.scheduled_for) : now;
      const problems = recurrenceProblems(change.recurrence, row.timezone, anchor);
      if (problems.length) throw new AppError('invalid', problems.join('; '));
      set.rule = JSON.stringify(change.recurrence);
      set.anchor_at = anchor.toISOString();
      set.last_step = 0;
    }
    if (change.variants) set.variants = JSON.stringify(change.variants);
    if (change.paused === true) {
      set.status = 'paused';
      set.status_reason = 'paused by request';
    } else if (change.paused === false) {
      set.status = ACTIVE_SERIES;
      set.status_reason = null;
      // Also for an active series whose latest occurrence was cancelled (set aside): it goes on.
      // The hand-over goes ahead only if the latest occurrence is settled or set aside.
      await enqueueSeriesNext(trx, projectId, seriesId, row.created_count - 1);
      resumed = true;
    }
    await trx.updateTable('post_series').set(set).where('id', '=', seriesId).execute();
    await recordAudit(trx, ctx, {
      projectId,
      action: 'series.updated',
      object: { type: 'series', id: seriesId },
      summary: changedFields(
        { rule: row.rule, variants: row.variants, status: row.status },
        { rule: set.rule, variants: set.variants, status: set.status },
      ),
    });
  });
  if (resumed) wakeSeriesNext();
  return getSeries(ctx, reach, seriesId);
}

/** Ends the series; its occurrences waiting to be published are cancelled (back to draft) and refunded. */
export async function endSeries(
  ctx: AppContext,
  reach: ProjectReach,
  seriesId: string,
): Promise<{ cancelled: string[]; refunded: number }> {
  const projectId = projectOf(reach);
  if (limitedTo(reach) !== null) await readSeriesRow(ctx, reach, seriesId);
  await ctx.store.db.transaction().execute(async (trx) => {
    const row = await lockSeries(trx, ctx, projectId, seriesId);
    if (!row) throw notFound('Series');
    await trx
      .updateTable('post_series')
      .set({ status: 'ended', status_reason: 'ended by request', updated_at: ctx.now().toISOString() })
      .where('id', '=', seriesId)
      .execute();
    await recordAudit(trx, ctx, {
      projectId,
      action: 'series.ended',
      object: { type: 'series', id: seriesId },
      summary: { status: [row.status, 'ended'] },
    });
  });
  const waiting = await ctx.store.db
    .selectFrom('posts')
    .select('id')
    .where('project_id', '=', projectId)
    .where('series_id', '=', seriesId)
    .where('status', '=', 'scheduled')
    .execute();
  const cancelled: string[] = [];
  let refunded = 0;
  for (const p of waiting) {
    try {
      refunded += await cancelScheduled(ctx, projectId, p.id);
      cancelled.push(p.id);
    } catch (error) {
      // It started publishing meanwhile: it stays, and it is the last one.
      if (!(error instanceof AppError && error.kind === 'conflict')) throw error;
    }
  }
  return { cancelled, refunded };
}
