import { getSubscription } from '../../domain/notifications/subscriptions.ts';
import { defineRoute } from '../../http/route.ts';
import { subscriptionExample, withExample } from '../examples.ts';
import { IdParams, SubscriptionAnswer } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/notifications/:id',
  access: 'read',
  summary: 'Read a notification subscription',
  description: 'The webhook secret is masked.',
  tags: ['notifications'],
  params: IdParams,
  response: { 200: withExample(SubscriptionAnswer, { success: true, notification: subscriptionExample }) },
  errors: [404],
  handler: async ({ params, caller }, ctx) => ({
    success: true,
    notification: await getSubscription(ctx, caller, params.id),
  }),
});
