import { replaceQueue } from '../../domain/planning/queue.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { QueueBody, QueueQuery, QueueReplaceAnswer, queueExample } from './schemas.ts';

const KEPT = 'Posts already queued keep their times; new posts take the new slots.';

export default defineRoute({
  method: 'PUT',
  url: '/v1/queue',
  access: 'publish',
  summary: 'Set a posting queue',
  description:
    'Replaces the weekly time slots (weekday and local time in `timezone`) of a profile’s queue, or of the project’s own queue without `profileId`. ' +
    'Posts already queued keep the times they took. `paused: true` refuses new queued posts until it is set back. A slot keeps its local time across daylight-saving changes.',
  tags: ['queue'],
  query: QueueQuery,
  body: QueueBody,
  response: { 200: withExample(QueueReplaceAnswer, { success: true, message: KEPT, queue: queueExample }) },
  errors: [404, 503],
  handler: async ({ query, body, caller }, ctx) => ({
    success: true,
    message: KEPT,
    queue: await replaceQueue(ctx, caller, query.profileId, body),
  }),
});
