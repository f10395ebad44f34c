/**
 * The hand-over of a recurring series: when an occurrence reaches its final
 * state, the transaction that settles it enqueues a `series_next` job (never
 * lost: it commits with the final status). The job creates the next occurrence
 * as its own scheduled post (same targets, options and media, the next text),
 * charges it and announces it with `post.scheduled`, all in one transaction
 * with the series row locked. It is exactly-once: the series counts the
 * occurrences it created and the job only acts when the count still says the
 * occurrence it follows is the latest; a unique index on (series, index) backs
 * that up. A job run twice (a crash after the commit) finds the count moved on
 * and does nothing.
 */

import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { PlatformRegistry } from '../../platforms/module.ts';
import type { TargetInput } from '../../platforms/shared/input.ts';
import { RowSet } from '../../store/row-set.ts';
import type { Database } from '../../store/schema.ts';
import type { PostSeriesTable } from '../../store/tables/planning.ts';
import { lockBalances, planCharge, saveBalance } from '../credits/balance.ts';
import { newId } from '../ids.ts';
import { accountPhrase, platformDisplayName } from '../integrations/reconnect-message.ts';
import { readIntegrations } from '../posts/accounts.ts';
import { targetCharges } from '../posts/target-charge.ts';
import { requestedTargetRow, targetFirstComment } from '../posts/target-row.ts';
import type { PostRow, TargetRow } from '../posts/types.ts';
import { nextStep, type RecurrenceRule } from './recurrence.ts';
import { ACTIVE_SERIES, occurrenceText, type SeriesTemplate } from './series-rows.ts';

type Trx = Transaction<Database>;

/** Occurrence states after which the series may go on (a cancelled one is a draft, a deleted one is gone). */
const SETTLED_OR_SET_ASIDE = new Set(['published', 'partial', 'failed', 'draft']);

export async function lockSeries(
  trx: Trx,
  ctx: AppContext,
  projectId: string,
  seriesId: string,
): Promise<PostSeriesTable | undefined> {
  const q = trx
    .selectFrom('post_series')
    .selectAll()
    .where('id', '=', seriesId)
    .where('project_id', '=', projectId);
  return (ctx.store.dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

async function setStatus(trx: Trx, ctx: AppContext, series: PostSeriesTable, status: string, reason: string) {
  await trx
    .updateTable('post_series')
    .set({ status, status_reason: reason, updated_at: ctx.now().toISOString() })
    .where('id', '=', series.id)
    .execute();
}

export type HandOver = 'created' | 'not_due' | 'paused' | 'ended' | 'inactive';

/**
 * Creates occurrence `afterIndex + 1` of the series if it is still the next one
 * and its predecessor is settled (or set aside). Returns what happened.
 */
export async function handOverSeries(
  ctx: AppContext,
  projectId: string,
  seriesId: string,
  afterIndex: number,
): Promise<HandOver> {
  const done = await ctx.store.db.transaction().execute(async (trx) => {
    const series = await lockSeries(trx, ctx, projectId, seriesId);
    if (!series || series.status !== ACTIVE_SERIES) return { result: 'inactive' as const };
    if (series.created_count !== afterIndex + 1) return { result: 'not_due' as const };
    const latest = await trx
      .selectFrom('posts')
      .select('status')
      .where('series_id', '=', seriesId)
      .where('series_index', '=', afterIndex)
      .executeTakeFirst();
    if (latest && !SETTLED_OR_SET_ASIDE.has(latest.status)) return { result: 'not_due' as const };

    const rule = JSON.parse(series.rule) as RecurrenceRule;
    const index = series.created_count;
    if (rule.count !== undefined && index >= rule.count) {
      await setStatus(trx, ctx, series, 'ended', `all ${rule.count} occurrences were created`);
      return { result: 'ended' as const };
    }
    const now = ctx.now();
    const next = nextStep(rule, new Date(series.anchor_at), series.timezone, series.last_step, now);
    if (!next) {
      await setStatus(trx, ctx, series, 'ended', `the series ran until ${rule.until}`);
      return { result: 'ended' as const };
    }
    const template = JSON.parse(series.template) as SeriesTemplate;
    const usable = await usableTargets(trx, ctx, projectId, template.platforms);
    if (usable.targets.length === 0) {
      await setStatus(
        trx,
        ctx,
        series,
        'paused',
        `no account of this series can publish (${usable.reasons.join('; ')}); reconnect them, then resume the series with PATCH /v1/series/${series.id} {"paused": false}`,
      );
      return { result: 'paused' as const };
    }
    const variants = JSON.parse(series.variants) as string[];
    const { post, targets } = occurrenceRows(ctx.platforms, series, template, usable.targets, {
      index,
      at: next.at,
      content: occurrenceText(template, variants, index),
      now,
    });
    const balances = await lockBalances(trx, ctx, [projectId]);
    const balance = balances.get(projectId);
    if (!balance) throw new Error(`no credit balance for ${projectId}`);
    let charged: ReturnType<typeof planCharge>;
    try {
      charged = planCharge(
        ctx,
        balance,
        targetCharges(targets, (t) => usable.profiles.get(t.integration_id) ?? null),
        `occurrence ${index + 1} of series ${series.id} (1 credit per target, ${targets.length} targets)`,
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== 'insufficient_credits') throw error;
      await setStatus(
        trx,
        ctx,
        series,
        'paused',
        `${error.message}; add credits, then resume the series with PATCH /v1/series/${series.id} {"paused": false}`,
      );
      return { result: 'paused' as const };
    }
    const rows = new RowSet();
    rows.add('posts', post);
    rows.add('post_targets', ...targets);
    rows.add('credit_ledger', ...charged.entries);
    ctx.lifecycle.planAccepted(ctx, rows, { post, targets, profiles: usable.profiles });
    await rows.write(trx, ctx.store.dialect);
    await saveBalance(trx, ctx, charged.balance);
    await trx
      .updateTable('post_series')
      .set({ created_count: index + 1, last_step: next.step, updated_at: now.toISOString() })
      .where('id', '=', series.id)
      .execute();
    return { result: 'created' as const, rows };
  });
  if (done.result === 'created') done.rows.committed();
  return done.result;
}

/** The template's targets whose accounts are still connected, with their profiles; why the others are left out. */
async function usableTargets(
  trx: Trx,
  ctx: AppContext,
  projectId: string,
  platforms: readonly TargetInput[],
): Promise<{ targets: TargetInput[]; profiles: Map<string, string | null>; reasons: string[] }> {
  const integrations = await readIntegrations(
    trx,
    ctx.store.dialect,
    platforms.map((t) => t.accountId),
  );
  const targets: TargetInput[] = [];
  const profiles = new Map<string, string | null>();
  const reasons: string[] = [];
  for (const t of platforms) {
    const row = integrations.get(t.accountId);
    // Shown to people as the series' reason: the platform and the account by name, no id.
    if (!row || row.project_id !== projectId)
      reasons.push(`the ${platformDisplayName(ctx, t.platform)} account was removed`);
    else if (row.auth_status === 'needs_reconnect' || row.auth_status === 'revoked')
      reasons.push(`the ${accountPhrase(ctx, row)} needs reconnecting`);
    else {
      targets.push(t);
      profiles.set(t.accountId, row.profile_id);
    }
  }
  return { targets, profiles, reasons };
}

function occurrenceRows(
  registry: PlatformRegistry,
  series: PostSeriesTable,
  template: SeriesTemplate,
  platforms: readonly TargetInput[],
  o: { index: number; at: Date; content: string; now: Date },
): { post: PostRow; targets: TargetRow[] } {
  const at = o.now.toISOString();
  const scheduledFor = o.at.toISOString();
  const postId = newId('post', o.now.getTime());
  const request = {
    content: o.content,
    ...(template.media.length
      ? {
          mediaItems: template.media.map((m) => ({
            type: m.type,
            url: m.url,
            ...(m.thumbnail ? { thumbnail: m.thumbnail } : {}),
          })),
        }
      : {}),
    platforms,
    ...(template.firstComment !== undefined ? { firstComment: template.firstComment } : {}),
    scheduledFor,
    timezone: series.timezone,
  };
  const post: PostRow = {
    id: postId,
    project_id: series.project_id,
    content: o.content,
    media: JSON.stringify(template.media),
    status: 'scheduled',
    scheduled_for: scheduledFor,
    timezone: series.timezone,
    was_scheduled: 1,
    raw_request: JSON.stringify(request),
    series_id: series.id,
    series_index: o.index,
    first_comment: template.firstComment ?? null,
    created_at: at,
    updated_at: at,
  };
  const targets = platforms.map((t, i) =>
    requestedTargetRow(t, i, {
      id: newId('tgt', o.now.getTime()),
      projectId: series.project_id,
      postId,
      status: 'scheduled',
      at,
      firstComment: targetFirstComment(registry, t, template.firstComment),
    }),
  );
  return { post, targets };
}
