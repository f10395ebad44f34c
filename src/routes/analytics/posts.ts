import { Type } from 'typebox';
import { MAX_PLATFORM_POSTS, readFromPlatform } from '../../domain/analytics/from-platform.ts';
import { METRIC_KEYS } from '../../domain/analytics/metric-values.ts';
import {
  DEFAULT_LIMIT,
  DEFAULT_RANGE_DAYS,
  listPostAnalytics,
  MAX_RANGE_DAYS,
  readPostAnalytics,
  SORT_KEYS,
  SOURCES,
} from '../../domain/analytics/posts.ts';
import { defineRoute } from '../../http/route.ts';
import type { PlatformModule } from '../../platforms/module.ts';
import { PLATFORMS } from '../../platforms/names.ts';
import { PLATFORM_MODULES } from '../../platforms/registry.ts';

/** The display names of the platforms whose accounts source=platform reads (the modules that can list posts). */
const READABLE = PLATFORMS.filter((p) => {
  const a = (PLATFORM_MODULES[p] as PlatformModule).analytics;
  return !!a?.recentPosts && !!a.postMetrics;
}).map((p) => (PLATFORM_MODULES[p] as PlatformModule).displayName);

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const Nullable = Type.Union([Type.String(), Type.Null()]);
const ENGAGEMENT_RATE =
  'engagementRate: (likes + comments + shares + saves, those counted) / reach, or / impressions where reach is ' +
  'not counted; 0 to 1 (capped at 1), rounded to 4 decimals; null when no interaction is counted or neither ' +
  'reach nor impressions is known. Aggregated over a post, it is the sum of the engagement over the sum of the ' +
  'reach (or impressions) of the platforms that count both.';

/** The nine keys, always present: a number, or null where the platform does not count it. */
const metricsSchema = (description: string) =>
  Type.Object(
    Object.fromEntries(
      METRIC_KEYS.map((k) =>
        k === 'engagementRate'
          ? [k, Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()])]
          : [k, Type.Union([Type.Number(), Type.Null()])],
      ),
    ),
    { description: `${description} ${ENGAGEMENT_RATE}` },
  );

const TargetAnalytics = Type.Object({
  platform: Type.Enum([...PLATFORMS]),
  platformPostId: Type.String(),
  platformPostUrl: Nullable,
  metrics: metricsSchema(
    "The post's counts on this platform; null for what the platform does not count. A platform without post " +
      'metrics (Google Business Profile) has all nine null, and `message` says why.',
  ),
  accountId: Type.String({ description: 'The integration the post is on.' }),
  publishedAt: Nullable,
  fetchedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  stale: Type.Boolean({
    description:
      'True when the metrics are older than the cache allows or their last refresh failed (see message).',
  }),
  message: Type.Union([Type.String(), Type.Null()], {
    description:
      'Why metrics are missing or stale: the platform has none for posts, the post is gone, the refresh failed.',
  }),
});

const PostAnalytics = Type.Object({
  source: Type.Enum([...SOURCES], {
    description:
      "Where the numbers come from: postpeer, this service's records of the posts it published (metrics cached " +
      "and refreshed from each platform); platform, the connected account's posts read from the platform now.",
  }),
  postId: Type.Union([Type.String(), Type.Null()], {
    description: 'Our post id; null for a post read from the platform (source platform).',
  }),
  content: Type.String(),
  publishedAt: Nullable,
  aggregated: metricsSchema("Each count summed over the post's platforms; null when no platform counts it."),
  platforms: Type.Array(TargetAnalytics),
  status: Type.String({ description: 'The post status (published for a post read from the platform).' }),
});

const example = {
  source: 'postpeer',
  postId: 'post_0mhx2k3f9ABCD',
  content: 'Hello from the API',
  publishedAt: '2026-11-20T09:00:01.000Z',
  aggregated: {
    impressions: 1540,
    reach: null,
    likes: 52,
    comments: 4,
    shares: 3,
    saves: 2,
    clicks: null,
    views: null,
    engagementRate: 0.0396,
  },
  platforms: [
    {
      platform: 'twitter',
      platformPostId: '1859000000000000001',
      platformPostUrl: 'https://x.com/acme/status/1859000000000000001',
      metrics: {
        impressions: 1540,
        reach: null,
        likes: 52,
        comments: 4,
        shares: 3,
        saves: 2,
        clicks: null,
        views: null,
        engagementRate: 0.0396,
      },
      accountId: 'int_01JD2Q8',
      publishedAt: '2026-11-20T09:00:01.000Z',
      fetchedAt: '2026-11-24T10:15:00.000Z',
      stale: false,
      message: null,
    },
    {
      platform: 'googlebusiness',
      platformPostId: 'accounts/1/locations/2/localPosts/3',
      platformPostUrl: null,
      metrics: {
        impressions: null,
        reach: null,
        likes: null,
        comments: null,
        shares: null,
        saves: null,
        clicks: null,
        views: null,
        engagementRate: null,
      },
      accountId: 'int_01JD2R1',
      publishedAt: '2026-11-20T09:00:02.000Z',
      fetchedAt: null,
      stale: false,
      message: 'Google Business Profile has no metrics of single posts (discontinued in 2023)',
    },
  ],
  status: 'published',
};

export default defineRoute({
  method: 'GET',
  url: '/v1/analytics',
  access: 'read',
  summary: 'Metrics of published posts across platforms',
  description:
    'source=postpeer (default): the posts published through this service. With postId: one post (our post id, or ' +
    "the platform's post id with accountId, and platform if you like); without: a page of the posts published " +
    `between fromDate and toDate (default the last ${DEFAULT_RANGE_DAYS} days, at most ${MAX_RANGE_DAYS}). Metrics are ` +
    "cached for ANALYTICS_MAX_AGE_SECONDS and refreshed from each platform's API; values that could not be " +
    'refreshed come from the cache with stale: true.\n\n' +
    'source=platform: the posts of one connected account (accountId, required) read from the platform now, also ' +
    `posts not published through this service (postId null): the ${MAX_PLATFORM_POSTS} newest of the date range; ` +
    `postId is then the platform's post id. Only platforms whose posts can be listed here (${READABLE.join(', ')}); ` +
    'another is 400 naming them.\n\n' +
    'sortBy: date (default; publishedAt is the same), a metric (the aggregated value; posts without it last), or ' +
    `engagement (aggregated likes + comments + shares + saves). ${ENGAGEMENT_RATE} 1 credit per call.`,
  tags: ['analytics'],
  query: Type.Object(
    {
      source: Type.Optional(
        Type.Enum([...SOURCES], {
          description: "postpeer (default): this service's posts; platform: the account's posts read now.",
        }),
      ),
      postId: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 300,
          description: "Our post id, or the platform's post id (with accountId).",
        }),
      ),
      platform: Type.Optional(
        Type.Enum([...PLATFORMS], {
          description: "With a platform's post id: its platform. Without postId: only this platform's posts.",
        }),
      ),
      accountId: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 200,
          description:
            "The integration: with a platform's post id; without postId, only this account's posts; always with source=platform.",
        }),
      ),
      fromDate: Type.Optional(
        Type.String({
          pattern: DATE,
          description: `YYYY-MM-DD (UTC), default ${DEFAULT_RANGE_DAYS} days before toDate.`,
        }),
      ),
      toDate: Type.Optional(Type.String({ pattern: DATE, description: 'YYYY-MM-DD (UTC), default today.' })),
      sortBy: Type.Optional(
        Type.Enum([...SORT_KEYS], {
          description:
            'Default date; a metric sorts by the aggregated value, engagement by the interactions.',
        }),
      ),
      order: Type.Optional(Type.Enum(['asc', 'desc'], { description: 'Default desc.' })),
      limit: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 100, description: `Default ${DEFAULT_LIMIT}.` }),
      ),
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'From 1.' })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Union(
      [
        Type.Object({ success: Type.Boolean(), post: PostAnalytics }),
        Type.Object({
          success: Type.Boolean(),
          posts: Type.Array(PostAnalytics),
          total: Type.Integer(),
          page: Type.Integer(),
          limit: Type.Integer(),
          sortBy: Type.String(),
          order: Type.String(),
          dateRange: Type.Object({ fromDate: Type.String(), toDate: Type.String() }),
        }),
      ],
      { examples: [{ success: true, post: example }] },
    ),
  },
  errors: [402, 403, 404, 429, 502, 503],
  handler: ({ query, caller }, ctx) => {
    if (query.source === 'platform') return readFromPlatform(ctx, caller, query);
    return query.postId !== undefined
      ? readPostAnalytics(ctx, caller, query.postId, query)
      : listPostAnalytics(ctx, caller, query);
  },
});
