import { Type } from 'typebox';
import { suggestedQueueSlots } from '../../domain/analytics-history/best-times.ts';
import { defineRoute } from '../../http/route.ts';
import { BestTimesFields, TimeSlotSchema } from '../analytics/history-schemas.ts';
import { IDS, withExample } from '../examples.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/queue/suggested-slots',
  access: 'read',
  summary: 'Suggested queue slots from the best times to post',
  description:
    "The best hours to post (as GET /v1/analytics/best-times ranks them, for the profile's accounts, or the accounts without a profile when profileId is left out) as weekly queue slots: each slot's `day` and `time` are PUT /v1/queue's slot fields. With too few published posts, `basedOn` is `defaults` and the slots are general defaults, marked as such.",
  tags: ['queue'],
  query: Type.Object(
    {
      profileId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      count: Type.Integer({ minimum: 1, maximum: 50, default: 7 }),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        profileId: Type.Union([Type.String(), Type.Null()]),
        ...BestTimesFields,
        slots: Type.Array(TimeSlotSchema),
      }),
      {
        success: true,
        profileId: IDS.profile,
        timezone: 'Europe/Berlin',
        basedOn: 'defaults',
        note: 'Too few posts to say: no hour has 3 published posts with metrics in the last 180 days (2 in all). These are general defaults (weekday mornings and lunchtimes), not measured for these accounts.',
        postsConsidered: 2,
        slots: [
          { day: 'tuesday', time: '09:00', engagementRate: null, posts: 0 },
          { day: 'wednesday', time: '09:00', engagementRate: null, posts: 0 },
        ],
      },
    ),
  },
  errors: [404, 503],
  handler: async ({ query, caller }, ctx) => ({
    success: true,
    profileId: query.profileId ?? null,
    ...(await suggestedQueueSlots(ctx, caller, query.profileId, query.count)),
  }),
});
