/**
 * GET /v1/analytics/ with source=postpeer (the default): the metrics of one post
 * published through the service (our post id, or the platform's id with platform
 * and accountId), or a page of the project's posts published in a date range,
 * sorted by publication time, a metric or engagement. Metrics come from the cache
 * (cache.ts); old ones are refreshed by the refresh job, which the read waits for
 * a bounded time, and whatever could not be refreshed is answered from the last
 * values, marked `stale` with the reason. 1 credit per call, charged in the
 * transaction that asks for the refreshes. Posts read straight from an account
 * (source=platform) are from-platform.ts; both answer in the shape built here.
 */

import type { AppContext } from '../../context.ts';
import { invalid, notFound } from '../../errors.ts';
import { wakeJobRunners } from '../../jobs/enqueue.ts';
import { POST_METRIC_NAMES, type PostMetricName, type PostMetrics } from '../../platforms/analytics-types.ts';
import { isPlatform } from '../../platforms/names.ts';
import type { PostMetricsTable } from '../../store/tables/analytics.ts';
import { findIntegrationRow } from '../integrations/integrations.ts';
import { type ProjectReach, postInReach, projectOf } from '../teams/reach.ts';
import {
  awaitRefresh,
  cacheRows,
  dueForRefresh,
  isStale,
  type MetricsTarget,
  requestRefresh,
} from './cache.ts';
import { ANALYTICS_COST, assertCredits, chargeWith } from './charge.ts';
import { aggregateValues, engagementOf, type MetricValues, metricValues } from './metric-values.ts';
import { dateOf, daysBetween } from './params.ts';
import { unsupportedReason } from './refresh-job.ts';

export const DEFAULT_RANGE_DAYS = 90;
export const DEFAULT_LIMIT = 50;
export const MAX_RANGE_DAYS = 366;
/** At most this many targets are refreshed for one read sorted by a metric. */
const MAX_SORT_REFRESH = 500;

/**
 * `date` (default) and its older name `publishedAt` sort by publication time; a
 * metric sorts by the post's aggregated value; `engagement` by the aggregated
 * likes + comments + shares + saves.
 */
export type SortBy = 'date' | 'publishedAt' | PostMetricName | 'engagement';
export const SORT_KEYS: readonly SortBy[] = ['date', 'publishedAt', ...POST_METRIC_NAMES, 'engagement'];

/** Where the numbers come from: the service's own records, or the connected account read directly. */
export type AnalyticsSource = 'postpeer' | 'platform';
export const SOURCES: readonly AnalyticsSource[] = ['postpeer', 'platform'];

export interface PostAnalyticsRequest {
  source?: AnalyticsSource | undefined;
  postId?: string | undefined;
  platform?: string | undefined;
  accountId?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  sortBy?: SortBy | undefined;
  order?: 'asc' | 'desc' | undefined;
  limit?: number | undefined;
  page?: number | undefined;
}

export interface TargetAnalytics {
  platform: string;
  accountId: string;
  platformPostId: string;
  platformPostUrl: string | null;
  publishedAt: string | null;
  /** Every key, null where not counted; all null when the platform has no post metrics (see message). */
  metrics: MetricValues;
  fetchedAt: string | null;
  stale: boolean;
  message: string | null;
}

export interface PostAnalytics {
  source: AnalyticsSource;
  /** Our post id; null for a post read from the platform. */
  postId: string | null;
  content: string;
  status: string;
  publishedAt: string | null;
  aggregated: MetricValues;
  platforms: TargetAnalytics[];
}

// A caller limited to profiles reads the metrics of its own posts only.
const targetQuery = (ctx: AppContext, reach: ProjectReach) =>
  ctx.store.db
    .selectFrom('post_targets as t')
    .innerJoin('posts as p', 'p.id', 't.post_id')
    .select([
      't.id as id',
      't.post_id as postId',
      't.platform as platform',
      't.integration_id as integrationId',
      't.platform_post_id as platformPostId',
      't.platform_post_url as platformPostUrl',
      't.published_at as publishedAt',
      'p.content as content',
      'p.status as status',
    ])
    .where('t.project_id', '=', projectOf(reach))
    .where(postInReach(reach, 't.post_id'))
    .where('t.status', '=', 'published')
    .where('t.platform_post_id', 'is not', null);

type TargetRow = MetricsTarget & { content: string; status: string };

async function targetsOfPost(
  ctx: AppContext,
  reach: ProjectReach,
  req: PostAnalyticsRequest,
): Promise<TargetRow[]> {
  const postId = req.postId as string;
  if (req.platform !== undefined || req.accountId !== undefined) {
    if (req.accountId === undefined)
      throw invalid("platform and accountId go together: give both to look a post up by the platform's id");
    // The platform's id of a post is resolved within the account; its platform is the account's.
    const platform = req.platform ?? (await findIntegrationRow(ctx, reach, req.accountId)).platform;
    if (!isPlatform(platform)) throw invalid(`platform ${platform} is not a supported platform`);
    const rows = (await targetQuery(ctx, reach)
      .where('t.platform', '=', platform)
      .where('t.integration_id', '=', req.accountId)
      .where('t.platform_post_id', '=', postId)
      .execute()) as TargetRow[];
    if (rows.length === 0) throw notFound(`Published post ${postId} of ${platform} account ${req.accountId}`);
    return rows;
  }
  const post = await ctx.store.db
    .selectFrom('posts')
    .select('id')
    .where('project_id', '=', projectOf(reach))
    .where('id', '=', postId)
    .where(postInReach(reach))
    .executeTakeFirst();
  if (!post) throw notFound('Post');
  return (await targetQuery(ctx, reach)
    .where('t.post_id', '=', postId)
    .orderBy('t.position')
    .execute()) as TargetRow[];
}

export function rangeOf(ctx: AppContext, req: PostAnalyticsRequest): { from: string; to: string } {
  const today = ctx.now().toISOString().slice(0, 10);
  const to = req.toDate === undefined ? today : dateOf('toDate', req.toDate);
  const from =
    req.fromDate === undefined
      ? new Date(Date.parse(`${to}T00:00:00Z`) - DEFAULT_RANGE_DAYS * 86_400_000).toISOString().slice(0, 10)
      : dateOf('fromDate', req.fromDate);
  if (from > to) throw invalid(`fromDate (${from}) is after toDate (${to})`);
  const days = daysBetween(from, to);
  if (days > MAX_RANGE_DAYS)
    throw invalid(`fromDate to toDate spans ${days} days; at most ${MAX_RANGE_DAYS} are allowed`);
  return { from, to };
}

function targetAnalytics(
  ctx: AppContext,
  t: MetricsTarget,
  row: PostMetricsTable | undefined,
): TargetAnalytics {
  const base = {
    platform: t.platform,
    accountId: t.integrationId,
    platformPostId: t.platformPostId,
    platformPostUrl: t.platformPostUrl,
    publishedAt: t.publishedAt,
  };
  const supported = isPlatform(t.platform) && !!ctx.platforms[t.platform].analytics?.postMetrics;
  if (!supported)
    return {
      ...base,
      metrics: metricValues(null),
      fetchedAt: null,
      stale: false,
      message: unsupportedReason(ctx, t.platform),
    };
  return {
    ...base,
    metrics: metricValues(row?.metrics ? (JSON.parse(row.metrics) as PostMetrics) : null),
    fetchedAt: row?.fetched_at ?? null,
    stale: isStale(ctx, row),
    message:
      row?.last_error ??
      row?.unavailable ??
      (row?.fetched_at ? null : 'The metrics have not been fetched yet'),
  };
}

function postAnalytics(
  ctx: AppContext,
  rows: TargetRow[],
  cache: Map<string, PostMetricsTable>,
): PostAnalytics {
  const first = rows[0] as TargetRow;
  const platforms = rows.map((t) => targetAnalytics(ctx, t, cache.get(t.id)));
  const times = rows
    .map((r) => r.publishedAt)
    .filter((x): x is string => !!x)
    .sort();
  return {
    source: 'postpeer',
    postId: first.postId,
    content: first.content,
    status: first.status,
    publishedAt: times[0] ?? null,
    aggregated: aggregateValues(platforms.map((p) => p.metrics)),
    platforms,
  };
}

/** The sort value of a post: its time, an aggregated metric (missing last), or its engagement. */
function sortValue(p: PostAnalytics, sortBy: SortBy): number {
  if (sortBy === 'date' || sortBy === 'publishedAt') return Date.parse(p.publishedAt ?? '') || 0;
  if (sortBy === 'engagement') return engagementOf(p.aggregated) ?? -1;
  return p.aggregated[sortBy] ?? -1;
}

/** Sorts posts (ties by id, then the first platform's post id) and cuts the page. */
export function sortAndPage(
  posts: PostAnalytics[],
  req: { sortBy: SortBy; order: 'asc' | 'desc'; page: number; limit: number },
): PostAnalytics[] {
  const sign = req.order === 'asc' ? 1 : -1;
  const tie = (p: PostAnalytics) => p.postId ?? p.platforms[0]?.platformPostId ?? '';
  return [...posts]
    .sort(
      (a, b) => sign * (sortValue(a, req.sortBy) - sortValue(b, req.sortBy)) || (tie(a) < tie(b) ? -1 : 1),
    )
    .slice((req.page - 1) * req.limit, req.page * req.limit);
}

/** The list query's settled values: defaults applied, date range checked. */
export function listParams(ctx: AppContext, req: PostAnalyticsRequest) {
  return {
    ...rangeOf(ctx, req),
    sortBy: req.sortBy ?? 'date',
    order: req.order ?? 'desc',
    limit: req.limit ?? DEFAULT_LIMIT,
    page: req.page ?? 1,
  };
}

/** Asks for the refreshes and charges the call in one transaction, then waits for them. */
async function chargeAndRefresh(
  ctx: AppContext,
  projectId: string,
  targets: readonly MetricsTarget[],
): Promise<Map<string, PostMetricsTable>> {
  const line = { amount: ANALYTICS_COST, reason: 'analytics_posts' };
  const what = `post analytics (${ANALYTICS_COST} credit)`;
  await assertCredits(ctx, projectId, line, what);
  const due = dueForRefresh(
    ctx,
    targets,
    await cacheRows(
      ctx,
      targets.map((t) => t.id),
    ),
  );
  let requestedAt = '';
  await chargeWith(ctx, projectId, line, what, async (trx) => {
    requestedAt = await requestRefresh(trx, ctx, projectId, due);
  });
  if (due.length) {
    wakeJobRunners();
    await awaitRefresh(
      ctx,
      due.map((t) => t.id),
      requestedAt,
    );
  }
  return cacheRows(
    ctx,
    targets.map((t) => t.id),
  );
}

export async function readPostAnalytics(
  ctx: AppContext,
  reach: ProjectReach,
  postId: string,
  req: PostAnalyticsRequest,
) {
  const projectId = projectOf(reach);
  const rows = await targetsOfPost(ctx, reach, { ...req, postId });
  if (rows.length === 0) throw notFound(`Post ${postId} has no published targets, so no metrics`);
  const cache = await chargeAndRefresh(ctx, projectId, rows);
  return { success: true, post: postAnalytics(ctx, rows, cache) };
}

export async function listPostAnalytics(ctx: AppContext, reach: ProjectReach, req: PostAnalyticsRequest) {
  const projectId = projectOf(reach);
  const params = listParams(ctx, req);
  const { from, to, sortBy, order, limit, page } = params;
  // platform and accountId narrow the list to those targets (another project's account is 404).
  if (req.accountId !== undefined) await findIntegrationRow(ctx, reach, req.accountId);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString();
  let q = targetQuery(ctx, reach)
    .where('t.published_at', '>=', `${from}T00:00:00.000Z`)
    .where('t.published_at', '<', end);
  if (req.platform !== undefined) q = q.where('t.platform', '=', req.platform);
  if (req.accountId !== undefined) q = q.where('t.integration_id', '=', req.accountId);
  const rows = (await q.orderBy('t.post_id').orderBy('t.position').execute()) as TargetRow[];
  const byPost = new Map<string, TargetRow[]>();
  for (const r of rows) byPost.set(r.postId, [...(byPost.get(r.postId) ?? []), r]);
  const groups = [...byPost.values()];
  const pageOf = (cache: Map<string, PostMetricsTable>) =>
    sortAndPage(
      groups.map((g) => postAnalytics(ctx, g, cache)),
      params,
    );
  let cache: Map<string, PostMetricsTable>;
  if (sortBy === 'date' || sortBy === 'publishedAt') {
    // The page does not depend on metrics: refresh only its posts.
    const ids = new Set(pageOf(new Map()).map((p) => p.postId));
    cache = await chargeAndRefresh(
      ctx,
      projectId,
      rows.filter((r) => ids.has(r.postId)),
    );
  } else {
    // Sorting by a metric needs every post's: refresh them (at most MAX_SORT_REFRESH targets), then sort.
    await chargeAndRefresh(ctx, projectId, rows.slice(0, MAX_SORT_REFRESH));
    cache = await cacheRows(
      ctx,
      rows.map((r) => r.id),
    );
  }
  return {
    success: true,
    dateRange: { fromDate: from, toDate: to },
    sortBy,
    order,
    page,
    limit,
    total: groups.length,
    posts: pageOf(cache),
  };
}
