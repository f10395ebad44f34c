/**
 * The `analytics` capability of a platform module: metrics of published posts
 * (every platform whose API has them), and Instagram's account-wide reads
 * (audience demographics, account insights). The routes and the metrics refresh
 * job ask `ctx.platforms[p].analytics`; they never import a platform folder.
 */
import type { InsightMetric } from '../facts/instagram-insights.ts';
import type { AccountEnv } from './module.ts';

/**
 * The metric names a post's metrics are reported under, the same for every
 * platform; each platform fills the ones its API gives (X has no saves, Bluesky
 * no views...). Also the values of `sortBy` on GET /v1/analytics/.
 */
export const POST_METRIC_NAMES = [
  'impressions',
  'reach',
  'views',
  'likes',
  'comments',
  'shares',
  'saves',
  'clicks',
] as const;
export type PostMetricName = (typeof POST_METRIC_NAMES)[number];

/** One post's metrics as the platform counted them when asked. */
export type PostMetrics = Partial<Record<PostMetricName, number>>;

/** A published post whose metrics are asked for. */
export interface PublishedRef {
  platformPostId: string;
  publishedAt: string | null;
  /** The target's options as published (a Story's `contentType`, whose insights expire). */
  platformSpecificData?: Readonly<Record<string, unknown>>;
}

/** A post of the account as the platform lists it (also posts not published through the service). */
export interface AccountPost extends PublishedRef {
  platformPostUrl: string | null;
  /** The post's text as the platform stores it ('' when it has none). */
  content: string;
}

/** Which of the account's posts to list: published from `since` to before `until` (ISO times), newest first. */
export interface RecentPostsWindow {
  since: string;
  /** Absent: up to now (a platform may refuse an end in the future, or round it to the second). */
  until?: string | undefined;
  /** At most this many (1 to 100). */
  limit: number;
}

/** A post whose metrics the platform can not give (gone, too few viewers...), in its words. */
export interface MetricsUnavailable {
  unavailable: string;
}

/**
 * The metrics of each post asked for, by platformPostId; a post the platform
 * does not know (deleted there) is left out.
 */
export type PostMetricsBatch = Record<string, PostMetrics | MetricsUnavailable>;

export const DEMOGRAPHIC_METRICS = [
  'follower_demographics',
  'engaged_audience_demographics',
  'reached_audience_demographics',
] as const;
export type DemographicMetric = (typeof DEMOGRAPHIC_METRICS)[number];

export const DEMOGRAPHIC_BREAKDOWNS = ['age', 'city', 'country', 'gender'] as const;
export type DemographicBreakdown = (typeof DEMOGRAPHIC_BREAKDOWNS)[number];

export const DEMOGRAPHIC_TIMEFRAMES = ['this_week', 'this_month'] as const;
export type DemographicTimeframe = (typeof DEMOGRAPHIC_TIMEFRAMES)[number];

export interface DemographicsQuery {
  metric: DemographicMetric;
  breakdowns: readonly DemographicBreakdown[];
  timeframe: DemographicTimeframe;
}

export interface DemographicEntry {
  dimension: string;
  value: number;
}

export type Demographics = Partial<Record<DemographicBreakdown, DemographicEntry[]>>;

export type InsightMetricType = 'total_value' | 'time_series';

export interface AccountInsightsQuery {
  metrics: readonly InsightMetric[];
  /** YYYY-MM-DD, inclusive. */
  since: string;
  /** YYYY-MM-DD, inclusive. */
  until: string;
  metricType: InsightMetricType;
  breakdown?: string | undefined;
}

export interface InsightBreakdown {
  dimensionKeys: string[];
  results: { dimensionValues: string[]; value: number }[];
}

export interface InsightValue {
  total: number;
  values: { date: string; value: number }[];
  breakdowns: InsightBreakdown[];
}

export type AccountInsights = Partial<Record<InsightMetric, InsightValue>>;

/**
 * What an account's platform says of the account as a whole, for the daily
 * snapshots of its history (GET /v1/analytics/accounts/{id}/history). Each
 * platform fills the ones its API gives.
 */
export const ACCOUNT_STAT_NAMES = [
  'followers',
  'following',
  'posts',
  'impressions',
  'views',
  'reach',
] as const;
export type AccountStatName = (typeof ACCOUNT_STAT_NAMES)[number];
export type AccountStats = Partial<Record<AccountStatName, number>>;

export interface PlatformAnalytics {
  /**
   * The account's counts now (followers, following, posts; impressions, views and
   * reach where the platform reports them for the account), in one or two calls.
   * Absent: the platform's API has no account-wide counts (see historyGaps).
   */
  accountStats?: (a: AccountEnv) => Promise<AccountStats>;
  /** One sentence: what this platform's API can not give the analytics history. */
  historyGaps: string;
  /**
   * Metrics of published posts of one account, in as few calls as the platform
   * allows (X and Bluesky read many posts per call). Absent: the platform's API has
   * no post metrics, and `unsupported` says why.
   */
  postMetrics?: (a: AccountEnv, posts: readonly PublishedRef[]) => Promise<PostMetricsBatch>;
  /**
   * The account's own posts, newest first, in one call (GET /v1/analytics/?source=platform
   * reads their metrics with `postMetrics`). Absent: the platform can not list them here.
   */
  recentPosts?: (a: AccountEnv, window: RecentPostsWindow) => Promise<AccountPost[]>;
  /** Why posts on this platform have no metrics (shown per post). */
  unsupported?: string;
  /** Audience demographics of the account (Instagram). */
  demographics?: (a: AccountEnv, query: DemographicsQuery) => Promise<Demographics>;
  /** Account-wide insights over a date range (Instagram). */
  accountInsights?: (a: AccountEnv, query: AccountInsightsQuery) => Promise<AccountInsights>;
}
