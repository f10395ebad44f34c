import { deleteSubscription } from '../../domain/notifications/subscriptions.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { IdParams, SuccessMessage } from './schemas.ts';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/notifications/:id',
  access: 'manage',
  summary: 'Delete a notification subscription',
  description: 'Its pending deliveries are dropped.',
  tags: ['notifications'],
  params: IdParams,
  response: {
    200: withExample(SuccessMessage, { success: true, message: 'Notification subscription deleted' }),
  },
  errors: [404],
  handler: async ({ params, caller }, ctx) => {
    await deleteSubscription(ctx, caller, params.id);
    return { success: true, message: 'Notification subscription deleted' };
  },
});
