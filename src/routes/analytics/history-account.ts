import { Type } from 'typebox';
import { accountHistory } from '../../domain/analytics-history/history.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
import { AccountHistoryAnswer, HistoryRange } from './history-schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/analytics/accounts/:integrationId/history',
  access: 'read',
  summary: "An account's daily history",
  description:
    "The account's daily snapshots (followers, following, posts; impressions, views and reach where its platform reports them) between `from` and `to`, as the service collected them (every ANALYTICS_SNAPSHOT_HOURS). Read from the service's own history: no credit is charged and no platform is asked. `limits` says what the platform's API can not give.",
  tags: ['analytics'],
  params: Type.Object({ integrationId: Type.String({ minLength: 1, maxLength: 200 }) }),
  query: Type.Object(
    {
      ...HistoryRange,
      metrics: Type.Optional(
        Type.String({
          maxLength: 200,
          description:
            'Comma-separated: followers, following, posts, impressions, views, reach (default all).',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(AccountHistoryAnswer, {
      success: true,
      integrationId: IDS.integration,
      platform: 'twitter',
      from: '2026-11-29',
      to: '2026-11-30',
      metrics: ['followers', 'following', 'posts'],
      days: [
        { date: '2026-11-29', followers: 1180, following: 310, posts: 412 },
        { date: '2026-11-30', followers: 1200, following: 311, posts: 415 },
      ],
      limits:
        'X reports no account-wide impressions or reach on its v2 API, so an X account history has followers, following and posts only.',
      lastCollectedAt: '2026-11-30T06:12:40.000Z',
      lastError: null,
    }),
  },
  errors: [400, 404, 503],
  handler: async ({ params, query, caller }, ctx) => ({
    success: true,
    ...(await accountHistory(ctx, caller, params.integrationId, query)),
  }),
});
