import { Type } from 'typebox';
import { bestTimes } from '../../domain/analytics-history/best-times.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { BestTimesAnswer } from './history-schemas.ts';

export const BestTimesQuery = Type.Object(
  {
    profileId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    integrationId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    count: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
  },
  { additionalProperties: false },
);

export default defineRoute({
  method: 'GET',
  url: '/v1/analytics/best-times',
  access: 'read',
  summary: 'The best hours to post, from the accounts’ own results',
  description:
    "Weekday × hour slots in the profile's queue time zone, ranked by the mean engagement rate (engagement over reach, impressions or views) of the posts the accounts published there in the last 180 days; an hour needs 3 posts to be ranked. With too few posts, `basedOn` is `defaults` and the slots are general defaults (weekday mornings and lunchtimes), not measured. Give profileId or integrationId. No credit is charged.",
  tags: ['analytics'],
  query: BestTimesQuery,
  response: {
    200: withExample(BestTimesAnswer, {
      success: true,
      timezone: 'Europe/Berlin',
      basedOn: 'history',
      note: 'Ranked by the engagement rate of 48 published posts of the last 180 days; an hour needs 3 posts to be ranked.',
      postsConsidered: 48,
      slots: [
        { day: 'tuesday', time: '09:00', engagementRate: 0.0812, posts: 6 },
        { day: 'thursday', time: '12:00', engagementRate: 0.0655, posts: 4 },
      ],
    }),
  },
  errors: [400, 404, 503],
  handler: async ({ query, caller }, ctx) => ({ success: true, ...(await bestTimes(ctx, caller, query)) }),
});
