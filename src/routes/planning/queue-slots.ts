import { Type } from 'typebox';
import { listFreeSlots } from '../../domain/planning/queue.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
import { FreeSlotsAnswer } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/queue/slots',
  access: 'read',
  summary: 'List the next free queue slots',
  description:
    'The next `count` slots of the queue that no queued post holds yet, in UTC and in the queue’s local time: the first is the one `queue: true` would take now. Empty when the queue has no slots.',
  tags: ['queue'],
  query: Type.Object(
    {
      profileId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      count: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(FreeSlotsAnswer, {
      success: true,
      profileId: IDS.profile,
      timezone: 'Europe/Berlin',
      slots: [
        { scheduledFor: '2026-11-30T08:00:00.000Z', local: '2026-11-30T09:00', day: 'monday' },
        { scheduledFor: '2026-12-02T11:30:00.000Z', local: '2026-12-02T12:30', day: 'wednesday' },
      ],
    }),
  },
  errors: [404, 503],
  handler: async ({ query, caller }, ctx) => {
    const { queue, slots } = await listFreeSlots(ctx, caller, query.profileId, query.count);
    return { success: true, profileId: queue.profileId, timezone: queue.timezone, slots };
  },
});
