import { Type } from 'typebox';
import { postHistory } from '../../domain/analytics-history/history.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
import { PostHistoryAnswer } from './history-schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/analytics/posts/:postId/history',
  access: 'read',
  summary: "A post's metrics over its first 30 days",
  description:
    "Per published target, its metrics as the service snapshotted them 1 h, 6 h, 24 h, 3 d, 7 d and 30 d after publishing (a snapshot taken late is filed under the largest age that had passed). Read from the service's own history: no credit is charged and no platform is asked.",
  tags: ['analytics'],
  params: Type.Object({ postId: Type.String({ minLength: 1, maxLength: 200 }) }),
  response: {
    200: withExample(PostHistoryAnswer, {
      success: true,
      postId: IDS.post,
      targets: [
        {
          targetId: 'tgt_mwuh1t00q8m3x6k2c9vb5nz7wrt4dyh3',
          platform: 'twitter',
          accountId: IDS.integration,
          publishedAt: '2026-11-20T14:03:12.000Z',
          snapshots: [
            {
              ageHours: 1,
              collectedAt: '2026-11-20T15:04:00.000Z',
              engagement: 14,
              impressions: 420,
              reach: null,
              views: null,
              likes: 11,
              comments: 2,
              shares: 1,
              saves: 0,
              clicks: null,
            },
          ],
        },
      ],
    }),
  },
  errors: [404, 503],
  handler: async ({ params, caller }, ctx) => ({
    success: true,
    ...(await postHistory(ctx, caller, params.postId)),
  }),
});
