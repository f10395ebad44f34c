import { Type } from 'typebox';
import { analyticsSummary } from '../../domain/analytics-history/summary.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
import { HistoryRange, SummaryAnswer } from './history-schemas.ts';

const totals = (n: number) => ({
  impressions: 40 * n,
  reach: 0,
  views: 0,
  likes: 3 * n,
  comments: n,
  shares: n,
  saves: 0,
  clicks: 0,
  engagement: 5 * n,
  posts: n,
});

export default defineRoute({
  method: 'GET',
  url: '/v1/analytics/summary',
  access: 'read',
  summary: 'A period at a glance, per account and platform',
  description:
    "Per account (of one profile, or every account the caller reaches) and per platform: followers at the period's end and their change over it, the totals of the metrics of the posts published in it (each target's latest snapshot), the same for the period before of equal length, and the top posts by engagement. Read from the service's own history: no credit is charged and no platform is asked.",
  tags: ['analytics'],
  query: Type.Object(
    { profileId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })), ...HistoryRange },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(SummaryAnswer, {
      success: true,
      from: '2026-11-01',
      to: '2026-11-30',
      previousFrom: '2026-10-02',
      previousTo: '2026-10-31',
      accounts: [
        {
          integrationId: IDS.integration,
          platform: 'twitter',
          name: 'Acme Coffee',
          username: 'acmecoffee',
          profileId: IDS.profile,
          followers: 1200,
          followersChange: 64,
          totals: totals(12),
          previous: { followers: 1136, followersChange: 40, totals: totals(9) },
        },
      ],
      platforms: [
        {
          platform: 'twitter',
          followers: 1200,
          followersChange: 64,
          totals: totals(12),
          previous: { followersChange: 40, totals: totals(9) },
        },
      ],
      topPosts: [
        { postId: IDS.post, engagement: 31, platforms: ['twitter'], publishedAt: '2026-11-20T14:03:12.000Z' },
      ],
    }),
  },
  errors: [400, 404, 503],
  handler: async ({ query, caller }, ctx) => ({
    success: true,
    ...(await analyticsSummary(ctx, caller, query)),
  }),
});
