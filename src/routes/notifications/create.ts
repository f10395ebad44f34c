import { Type } from 'typebox';
import { createSubscription } from '../../domain/notifications/subscriptions.ts';
import { defineRoute } from '../../http/route.ts';
import { createdSubscriptionExample, withExample } from '../examples.ts';
import { EventTypesField, ProfileIdField, RecipientsField, SubscriptionAnswer, UrlField } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/notifications',
  access: 'manage',
  summary: 'Create a notification subscription',
  description:
    'Webhook subscriptions get a signing secret, returned in full only in this answer. ' +
    'Webhook URLs must reach a public host; e-mail subscriptions need SMTP configured on the service.',
  tags: ['notifications'],
  body: Type.Object(
    {
      channel: Type.Union([Type.Literal('webhook'), Type.Literal('email')]),
      eventTypes: EventTypesField,
      profileId: Type.Optional(ProfileIdField),
      onlyScheduledPosts: Type.Optional(Type.Boolean()),
      enabled: Type.Optional(Type.Boolean()),
      webhook: Type.Optional(Type.Object({ url: UrlField }, { additionalProperties: false })),
      email: Type.Optional(Type.Object({ recipients: RecipientsField }, { additionalProperties: false })),
    },
    { additionalProperties: false },
  ),
  response: {
    201: withExample(SubscriptionAnswer, { success: true, notification: createdSubscriptionExample }),
  },
  handler: async ({ body, caller }, ctx) => ({
    success: true,
    notification: await createSubscription(ctx, caller, body),
  }),
});
