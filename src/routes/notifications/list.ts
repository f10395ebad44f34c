import { Type } from 'typebox';
import { listSubscriptions } from '../../domain/notifications/subscriptions.ts';
import { defineRoute } from '../../http/route.ts';
import { subscriptionExample, withExample } from '../examples.ts';
import { SubscriptionSchema } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/notifications',
  access: 'read',
  summary: 'List notification subscriptions',
  description: 'Newest first; webhook secrets are masked.',
  tags: ['notifications'],
  response: {
    200: withExample(
      Type.Object({ success: Type.Boolean(), notifications: Type.Array(SubscriptionSchema) }),
      {
        success: true,
        notifications: [subscriptionExample],
      },
    ),
  },
  handler: async ({ caller }, ctx) => ({
    success: true,
    notifications: await listSubscriptions(ctx, caller),
  }),
});
