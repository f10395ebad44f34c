import { Type } from 'typebox';
import { updateSubscription } from '../../domain/notifications/subscriptions.ts';
import { defineRoute } from '../../http/route.ts';
import { subscriptionExample, withExample } from '../examples.ts';
import {
  EventTypesField,
  IdParams,
  ProfileIdField,
  RecipientsField,
  SubscriptionAnswer,
  UrlField,
} from './schemas.ts';

export default defineRoute({
  method: 'PATCH',
  url: '/v1/notifications/:id',
  access: 'manage',
  summary: 'Update a notification subscription',
  description:
    'Every field is optional. The channel can not change. `webhook.rotateSecret: true` replaces the signing ' +
    'secret and returns the new one in full in this answer.',
  tags: ['notifications'],
  params: IdParams,
  body: Type.Object(
    {
      eventTypes: Type.Optional(EventTypesField),
      profileId: Type.Optional(ProfileIdField),
      onlyScheduledPosts: Type.Optional(Type.Boolean()),
      enabled: Type.Optional(Type.Boolean()),
      webhook: Type.Optional(
        Type.Object(
          { url: Type.Optional(UrlField), rotateSecret: Type.Optional(Type.Boolean()) },
          { additionalProperties: false },
        ),
      ),
      email: Type.Optional(Type.Object({ recipients: RecipientsField }, { additionalProperties: false })),
    },
    { additionalProperties: false },
  ),
  response: { 200: withExample(SubscriptionAnswer, { success: true, notification: subscriptionExample }) },
  errors: [404],
  handler: async ({ params, body, caller }, ctx) => ({
    success: true,
    notification: await updateSubscription(ctx, caller, params.id, body),
  }),
});
