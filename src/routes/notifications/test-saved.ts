import { Type } from 'typebox';
import { getSubscriptionRow, recordTest, toSubscription } from '../../domain/notifications/subscriptions.ts';
import { defineRoute } from '../../http/route.ts';
import { describeTest, sendTest } from '../../notifications/test-send.ts';
import { subscriptionExample, withExample } from '../examples.ts';
import { IdParams, SubscriptionSchema } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/notifications/:id/test',
  access: 'manage',
  summary: 'Send a test notification to a saved subscription',
  description:
    'Sends one sample `post.published` event now, signed with the subscription secret, and records ' +
    '`lastTestAt` and `lastTestStatus` (`success` or `failed`).',
  tags: ['notifications'],
  params: IdParams,
  response: {
    200: withExample(
      Type.Object({ success: Type.Boolean(), message: Type.String(), notification: SubscriptionSchema }),
      {
        success: true,
        message: 'Test delivered: receiver answered HTTP 200 in 143 ms',
        notification: subscriptionExample,
      },
    ),
  },
  errors: [404],
  handler: async ({ params, caller }, ctx) => {
    const row = await getSubscriptionRow(ctx, caller, params.id);
    const sub = toSubscription(ctx, row, true);
    const outcome =
      sub.channel === 'webhook' && sub.webhook
        ? await sendTest(ctx, caller.projectId, {
            channel: 'webhook',
            url: sub.webhook.url,
            secret: sub.webhook.secret,
            profileId: sub.profileId,
          })
        : await sendTest(ctx, caller.projectId, {
            channel: 'email',
            recipients: sub.email?.recipients ?? [],
            profileId: sub.profileId,
          });
    const notification = await recordTest(
      ctx,
      caller.projectId,
      params.id,
      outcome.ok ? 'success' : 'failed',
    );
    return { success: outcome.ok, message: describeTest(outcome), notification };
  },
});
