/**
 * Instagram demographics and account insights (interface.md "Analytics
 * (Instagram)"; parameter names in decisions.md): the query checked in full
 * before anything else, the credit checked before the platform is asked, the
 * read through the Instagram module's `analytics`, and 1 credit charged once it
 * succeeded.
 */
import type { AppContext } from '../../context.ts';
import { AppError, invalid } from '../../errors.ts';
import {
  INSIGHT_BREAKDOWN_NAMES,
  INSIGHT_BREAKDOWNS,
  INSIGHT_METRICS,
  type InsightMetric,
} from '../../facts/instagram-insights.ts';
import {
  type AccountInsights,
  type AccountInsightsQuery,
  DEMOGRAPHIC_BREAKDOWNS,
  type DemographicBreakdown,
  type DemographicMetric,
  type Demographics,
  type DemographicTimeframe,
  type InsightMetricType,
  type PlatformAnalytics,
} from '../../platforms/analytics-types.ts';
import { PlatformError } from '../../platforms/contract.ts';
import { findIntegrationRow } from '../integrations/integrations.ts';
import { withIntegration } from '../integrations/with-credentials.ts';
import { type ProjectReach, projectOf } from '../teams/reach.ts';
import { ANALYTICS_COST, assertCredits, chargeWith } from './charge.ts';
import { dateOf, daysBetween, listParam } from './params.ts';

export const DEMOGRAPHICS_NOTE =
  'Instagram gives at most the top 45 entries per dimension, its data may be delayed up to 48 hours, ' +
  'and it shows demographics only for an audience of at least 100 (followers, engaged or reached accounts) ' +
  'in the timeframe; entries may add up to less than the audience.';
export const DATA_DELAY = 'Instagram insights may be delayed up to 48 hours.';
export const DEFAULT_INSIGHT_METRICS: readonly InsightMetric[] = [
  'reach',
  'views',
  'accounts_engaged',
  'total_interactions',
];
/** Longest since–until span (days) of account insights. */
export const MAX_INSIGHTS_RANGE_DAYS = 90;
const DEFAULT_RANGE_DAYS = 30;

/** The Instagram module's read; 503 when the registry (a test's variant) has none. */
function capability<K extends keyof PlatformAnalytics>(
  ctx: AppContext,
  name: K,
): NonNullable<PlatformAnalytics[K]> {
  const read = ctx.platforms.instagram.analytics?.[name];
  if (!read) throw new AppError('unavailable', `Instagram ${name} is not available in this service`);
  return read as NonNullable<PlatformAnalytics[K]>;
}

/** The integration's profile, for the usage entry of the charge (404 for another project's id). */
async function profileOf(ctx: AppContext, reach: ProjectReach, accountId: string): Promise<string | null> {
  const row = await findIntegrationRow(ctx, reach, accountId);
  if (row.platform !== 'instagram')
    throw invalid(`accountId ${accountId} is a ${row.platform} integration, not instagram`);
  return row.profile_id;
}

export interface DemographicsRequest {
  accountId: string;
  metric?: DemographicMetric | undefined;
  breakdown?: string | undefined;
  timeframe?: DemographicTimeframe | undefined;
}

export async function readDemographics(ctx: AppContext, reach: ProjectReach, req: DemographicsRequest) {
  const projectId = projectOf(reach);
  const breakdowns = listParam('breakdown', req.breakdown, DEMOGRAPHIC_BREAKDOWNS) ?? [
    ...DEMOGRAPHIC_BREAKDOWNS,
  ];
  const metric = req.metric ?? 'follower_demographics';
  const timeframe = req.timeframe ?? 'this_month';
  const read = capability(ctx, 'demographics');
  const profileId = await profileOf(ctx, reach, req.accountId);
  const line = {
    amount: ANALYTICS_COST,
    reason: 'analytics_demographics',
    integrationId: req.accountId,
    profileId,
    platform: 'instagram',
  };
  const what = `Instagram demographics (${ANALYTICS_COST} credit)`;
  await assertCredits(ctx, projectId, line, what);
  const demographics: Demographics = await withIntegration(ctx, projectId, req.accountId, 'instagram', (a) =>
    read(a, { metric, breakdowns: breakdowns as DemographicBreakdown[], timeframe }).catch(tooFewAccounts),
  );
  await chargeWith(ctx, projectId, line, what);
  return {
    success: true,
    accountId: req.accountId,
    platform: 'instagram' as const,
    metric,
    timeframe,
    demographics,
    note: DEMOGRAPHICS_NOTE,
  };
}

export interface AccountInsightsRequest {
  accountId: string;
  metrics?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  metricType?: InsightMetricType | undefined;
  breakdown?: string | undefined;
}

/** The query in full, or 400 naming the parameter at fault. */
export function insightsQuery(ctx: AppContext, req: AccountInsightsRequest): AccountInsightsQuery {
  const metricType = req.metricType ?? 'total_value';
  const listed = listParam('metrics', req.metrics, INSIGHT_METRICS);
  let metrics: readonly InsightMetric[];
  if (metricType === 'time_series') {
    const others = (listed ?? []).filter((m) => m !== 'reach');
    if (others.length)
      throw invalid(`metricType time_series returns daily values of reach only; not of ${others.join(', ')}`);
    metrics = ['reach'];
  } else metrics = listed ?? DEFAULT_INSIGHT_METRICS;
  const today = ctx.now().toISOString().slice(0, 10);
  const until = req.until === undefined ? today : dateOf('until', req.until);
  const since =
    req.since === undefined
      ? new Date(Date.parse(`${until}T00:00:00Z`) - DEFAULT_RANGE_DAYS * 86_400_000)
          .toISOString()
          .slice(0, 10)
      : dateOf('since', req.since);
  if (until > today) throw invalid(`until (${until}) is in the future; today is ${today} (UTC)`);
  if (since > until) throw invalid(`since (${since}) is after until (${until})`);
  const days = daysBetween(since, until);
  if (days > MAX_INSIGHTS_RANGE_DAYS)
    throw invalid(`since to until spans ${days} days; at most ${MAX_INSIGHTS_RANGE_DAYS} are allowed`);
  const breakdown = req.breakdown;
  if (breakdown !== undefined) {
    if (metricType !== 'total_value') throw invalid('breakdown is only valid with metricType=total_value');
    if (!(INSIGHT_BREAKDOWN_NAMES as readonly string[]).includes(breakdown))
      throw invalid(`breakdown must be one of ${INSIGHT_BREAKDOWN_NAMES.join(', ')}`);
    const without = metrics.filter((m) => !INSIGHT_BREAKDOWNS[m].includes(breakdown));
    if (without.length)
      throw invalid(
        `breakdown ${breakdown} is not available for ${without.join(', ')}; ask for those without it`,
      );
  }
  return { metrics, since, until, metricType, breakdown };
}

export async function readAccountInsights(ctx: AppContext, reach: ProjectReach, req: AccountInsightsRequest) {
  const projectId = projectOf(reach);
  const query = insightsQuery(ctx, req);
  const read = capability(ctx, 'accountInsights');
  const profileId = await profileOf(ctx, reach, req.accountId);
  const line = {
    amount: ANALYTICS_COST,
    reason: 'analytics_account_insights',
    integrationId: req.accountId,
    profileId,
    platform: 'instagram',
  };
  const what = `Instagram account insights (${ANALYTICS_COST} credit)`;
  await assertCredits(ctx, projectId, line, what);
  const metrics: AccountInsights = await withIntegration(ctx, projectId, req.accountId, 'instagram', (a) =>
    read(a, query),
  );
  await chargeWith(ctx, projectId, line, what);
  return {
    success: true,
    accountId: req.accountId,
    platform: 'instagram' as const,
    dateRange: { since: query.since, until: query.until },
    metricType: query.metricType,
    metrics,
    dataDelay: DATA_DELAY,
  };
}

/**
 * Instagram refuses demographics (a 400) for an audience under 100 accounts: the
 * request is right and the platform is up, so it is a 409 with Instagram's words,
 * not a 502 (which says the platform failed).
 */
function tooFewAccounts(error: unknown): never {
  if (error instanceof PlatformError && error.errorClass === 'permanent' && error.status === 400)
    throw new AppError('conflict', `Instagram shows no demographics for this account now: ${error.message}`);
  throw error;
}
