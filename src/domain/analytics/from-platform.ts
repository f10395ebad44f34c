/**
 * GET /v1/analytics/?source=platform: the posts of one connected account read
 * straight from its platform, also those not published through the service
 * (`postId: null`), with their metrics as the platform counts them now. The
 * platform's module lists the account's recent posts (`analytics.recentPosts`)
 * and reads their metrics (`analytics.postMetrics`); a platform whose module can
 * not list them is 400 naming the platforms that can. At most
 * MAX_PLATFORM_POSTS posts of the date range (the newest) are read, in one call
 * to list them. Nothing is cached; 1 credit per successful call, checked first.
 */
import type { AppContext } from '../../context.ts';
import { invalid, notFound } from '../../errors.ts';
import type { AccountPost, PostMetrics, PostMetricsBatch } from '../../platforms/analytics-types.ts';
import { PLATFORMS, type Platform } from '../../platforms/names.ts';
import { findIntegrationRow } from '../integrations/integrations.ts';
import { withIntegration } from '../integrations/with-credentials.ts';
import { type ProjectReach, projectOf } from '../teams/reach.ts';
import { ANALYTICS_COST, assertCredits, chargeWith } from './charge.ts';
import { aggregateValues, metricValues } from './metric-values.ts';
import { listParams, type PostAnalytics, type PostAnalyticsRequest, sortAndPage } from './posts.ts';

/** The most posts one call reads from the platform (X and Facebook list up to 100 per call). */
export const MAX_PLATFORM_POSTS = 100;

/** The platforms whose module can list an account's posts and read their metrics. */
export const platformsReadable = (ctx: AppContext): Platform[] =>
  PLATFORMS.filter((p) => {
    const a = ctx.platforms[p].analytics;
    return !!a?.recentPosts && !!a.postMetrics;
  });

function toAnalytics(
  platform: Platform,
  accountId: string,
  post: AccountPost,
  batch: PostMetricsBatch,
  fetchedAt: string,
): PostAnalytics {
  const found = batch[post.platformPostId];
  const metrics = metricValues(found && !('unavailable' in found) ? (found as PostMetrics) : null);
  const message =
    found === undefined
      ? `${platform} gave no metrics for this post`
      : 'unavailable' in found
        ? String(found.unavailable)
        : null;
  return {
    source: 'platform',
    postId: null,
    content: post.content,
    status: 'published',
    publishedAt: post.publishedAt,
    aggregated: aggregateValues([metrics]),
    platforms: [
      {
        platform,
        accountId,
        platformPostId: post.platformPostId,
        platformPostUrl: post.platformPostUrl,
        publishedAt: post.publishedAt,
        metrics,
        fetchedAt,
        stale: false,
        message,
      },
    ],
  };
}

/**
 * The account's posts of the range with their metrics, made into the answer by
 * `answer`; 1 credit is charged once the answer is made (a 404 from it costs nothing).
 */
async function readAccount<T>(
  ctx: AppContext,
  reach: ProjectReach,
  req: PostAnalyticsRequest,
  range: { from: string; to: string },
  answer: (posts: PostAnalytics[]) => T,
): Promise<T> {
  const accountId = req.accountId;
  if (accountId === undefined)
    throw invalid('source=platform reads one connected account: give its integration id as accountId');
  const projectId = projectOf(reach);
  const row = await findIntegrationRow(ctx, reach, accountId);
  const platform = row.platform as Platform;
  if (req.platform !== undefined && req.platform !== platform)
    throw invalid(`accountId ${accountId} is a ${platform} integration, not ${req.platform}`);
  const analytics = ctx.platforms[platform]?.analytics;
  const list = analytics?.recentPosts;
  const metricsOf = analytics?.postMetrics;
  if (!list || !metricsOf)
    throw invalid(
      `source=platform can not read ${platform} accounts: their posts can not be listed here. ` +
        `It reads accounts of ${platformsReadable(ctx).join(', ')}; source=postpeer has the metrics of posts published through this service`,
    );
  const line = {
    amount: ANALYTICS_COST,
    reason: 'analytics_posts',
    integrationId: accountId,
    profileId: row.profile_id,
    platform,
  };
  const what = `post analytics (${ANALYTICS_COST} credit)`;
  await assertCredits(ctx, projectId, line, what);
  const until = new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000);
  const window = {
    since: `${range.from}T00:00:00.000Z`,
    // A range that reaches now has no end: platforms refuse an end in the future.
    until: until.getTime() > ctx.now().getTime() ? undefined : until.toISOString(),
    limit: MAX_PLATFORM_POSTS,
  };
  const { posts, batch } = await withIntegration(ctx, projectId, accountId, platform, async (a) => {
    const posts = await list(a, window);
    return { posts, batch: posts.length ? await metricsOf(a, posts) : {} };
  });
  const at = ctx.now().toISOString();
  const result = answer(posts.map((p) => toAnalytics(platform, accountId, p, batch, at)));
  await chargeWith(ctx, projectId, line, what);
  return result;
}

export async function readFromPlatform(ctx: AppContext, reach: ProjectReach, req: PostAnalyticsRequest) {
  const params = listParams(ctx, req);
  const postId = req.postId;
  if (postId !== undefined)
    return readAccount(ctx, reach, req, params, (posts) => {
      const post = posts.find((p) => p.platforms[0]?.platformPostId === postId);
      if (!post)
        throw notFound(
          `Post ${postId} among the ${MAX_PLATFORM_POSTS} newest posts of account ${req.accountId} from ${params.from} to ${params.to}`,
        );
      return { success: true, post };
    });
  return readAccount(ctx, reach, req, params, (posts) => ({
    success: true,
    dateRange: { fromDate: params.from, toDate: params.to },
    sortBy: params.sortBy,
    order: params.order,
    page: params.page,
    limit: params.limit,
    total: posts.length,
    posts: sortAndPage(posts, params),
  }));
}
