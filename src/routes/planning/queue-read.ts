import { getQueue } from '../../domain/planning/queue.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { QueueAnswer, QueueQuery, queueExample } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/queue',
  access: 'read',
  summary: 'Read a posting queue',
  description:
    'The weekly time slots of a profile’s posting queue (`profileId`), or of the project’s own queue for accounts without a profile. A queue never set has no slots.',
  tags: ['queue'],
  query: QueueQuery,
  response: { 200: withExample(QueueAnswer, { success: true, queue: queueExample }) },
  errors: [404, 503],
  handler: async ({ query, caller }, ctx) => ({
    success: true,
    queue: await getQueue(ctx, caller, query.profileId),
  }),
});
