import { Type } from 'typebox';
import { listPostAnalytics, readPostAnalytics, SORT_KEYS } from '../../domain/analytics/posts.ts';
import { defineRoute } from '../../http/route.ts';
import { POST_METRIC_NAMES } from '../../platforms/analytics-types.ts';
import { PLATFORMS } from '../../platforms/names.ts';

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const Nullable = Type.Union([Type.String(), Type.Null()]);
const Metrics = Type.Object(
  Object.fromEntries(POST_METRIC_NAMES.map((m) => [m, Type.Optional(Type.Number())])),
  { description: "The counts the platform's API gives for the post; absent names it does not count." },
);

const TargetAnalytics = Type.Object({
  platform: Type.String(),
  accountId: Type.String(),
  platformPostId: Type.String(),
  platformPostUrl: Nullable,
  publishedAt: Nullable,
  metrics: Type.Union([Metrics, Type.Null()]),
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
  postId: Type.String(),
  content: Type.String(),
  status: Type.String(),
  publishedAt: Nullable,
  totals: Metrics,
  platforms: Type.Array(TargetAnalytics),
});

const example = {
  postId: 'post_0mhx2k3f9ABCD',
  content: 'Hello from the API',
  status: 'published',
  publishedAt: '2026-11-20T09:00:01.000Z',
  totals: { impressions: 1540, likes: 61, comments: 7, shares: 5 },
  platforms: [
    {
      platform: 'twitter',
      accountId: 'int_01JD2Q8',
      platformPostId: '1859000000000000001',
      platformPostUrl: 'https://x.com/acme/status/1859000000000000001',
      publishedAt: '2026-11-20T09:00:01.000Z',
      metrics: { impressions: 1540, likes: 52, comments: 4, shares: 3, saves: 2 },
      fetchedAt: '2026-11-24T10:15:00.000Z',
      stale: false,
      message: null,
    },
    {
      platform: 'googlebusiness',
      accountId: 'int_01JD2R1',
      platformPostId: 'accounts/1/locations/2/localPosts/3',
      platformPostUrl: null,
      publishedAt: '2026-11-20T09:00:02.000Z',
      metrics: null,
      fetchedAt: null,
      stale: false,
      message: 'Google Business Profile has no metrics of single posts (discontinued in 2023)',
    },
  ],
};

export default defineRoute({
  method: 'GET',
  url: '/v1/analytics',
  summary: 'Metrics of published posts across platforms',
  description:
    "With postId: one post's metrics per platform (our post id, or the platform's id with platform and accountId). " +
    'Without: a page of the posts published between fromDate and toDate (default the last 90 days, at most 366), ' +
    'sorted by publishedAt or a metric. Metrics are cached for ANALYTICS_MAX_AGE_SECONDS and refreshed from each ' +
    "platform's API; values that could not be refreshed come from the cache with stale: true. 1 credit per call.",
  tags: ['analytics'],
  query: Type.Object(
    {
      postId: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
      platform: Type.Optional(
        Type.Enum([...PLATFORMS], { description: "With postId: the platform's post id." }),
      ),
      accountId: Type.Optional(
        Type.String({ minLength: 1, maxLength: 200, description: 'With postId and platform.' }),
      ),
      fromDate: Type.Optional(
        Type.String({ pattern: DATE, description: 'YYYY-MM-DD (UTC), default 90 days before toDate.' }),
      ),
      toDate: Type.Optional(Type.String({ pattern: DATE, description: 'YYYY-MM-DD (UTC), default today.' })),
      sortBy: Type.Optional(
        Type.Enum([...SORT_KEYS], { description: 'Default publishedAt; a metric sorts by the post total.' }),
      ),
      order: Type.Optional(Type.Enum(['asc', 'desc'], { description: 'Default desc.' })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Default 20.' })),
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
          dateRange: Type.Object({ fromDate: Type.String(), toDate: Type.String() }),
          sortBy: Type.String(),
          order: Type.String(),
          page: Type.Integer(),
          limit: Type.Integer(),
          total: Type.Integer(),
          posts: Type.Array(PostAnalytics),
        }),
      ],
      { examples: [{ success: true, post: example }] },
    ),
  },
  errors: [402, 404, 503],
  handler: ({ query, caller }, ctx) =>
    query.postId !== undefined
      ? readPostAnalytics(ctx, caller.projectId, query.postId, query)
      : listPostAnalytics(ctx, caller.projectId, query),
});
