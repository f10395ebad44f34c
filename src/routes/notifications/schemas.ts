import { Type } from 'typebox';
import { SUBSCRIBABLE_EVENT_TYPES } from '../../notifications/account-events.ts';

export const EventTypeField = Type.Union(
  SUBSCRIBABLE_EVENT_TYPES.map((t) => Type.Literal(t)),
  {
    description:
      'The post events post.scheduled, post.published, post.partial, post.failed; the approval events post.approval_requested, post.approved, post.rejected; the account events account.disconnected, account.reconnected, account.token_expiring, account.removed, account.spend_cap_reached; the engagement events comment.received, message.received.',
  },
);
export const EventTypesField = Type.Array(EventTypeField, {
  minItems: 1,
  maxItems: SUBSCRIBABLE_EVENT_TYPES.length,
});
export const ProfileIdField = Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]);
export const UrlField = Type.String({ minLength: 1, maxLength: 2048 });
export const RecipientsField = Type.Array(Type.String({ minLength: 1, maxLength: 254 }), {
  minItems: 1,
  maxItems: 20,
});

export const SubscriptionSchema = Type.Object(
  {
    id: Type.String(),
    channel: Type.Union([Type.Literal('webhook'), Type.Literal('email')]),
    profileId: Type.Union([Type.String(), Type.Null()]),
    eventTypes: Type.Array(EventTypeField),
    onlyScheduledPosts: Type.Boolean(),
    enabled: Type.Boolean(),
    webhook: Type.Optional(
      Type.Object({
        url: Type.String({ format: 'uri' }),
        secret: Type.String({
          description:
            'Signing secret: in full only in the answer that created (or rotated) it, masked elsewhere.',
        }),
      }),
    ),
    email: Type.Optional(
      Type.Object({ recipients: Type.Array(Type.String({ description: 'An e-mail address.' })) }),
    ),
    lastTestAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    lastTestStatus: Type.Union([Type.Literal('success'), Type.Literal('failed'), Type.Null()], {
      description: 'Outcome of the last POST /v1/notifications/{id}/test; null before the first.',
    }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'NotificationSubscription' },
);

export const SubscriptionAnswer = Type.Object({ success: Type.Boolean(), notification: SubscriptionSchema });
export const IdParams = Type.Object({ id: Type.String({ minLength: 1 }) });
export const SuccessMessage = Type.Object({ success: Type.Boolean(), message: Type.String() });

export const AttemptSchema = Type.Object({
  attempt: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  statusCode: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Integer(),
  success: Type.Boolean(),
  error: Type.Union([Type.String(), Type.Null()]),
});

export const DeliverySchema = Type.Object(
  {
    id: Type.String(),
    eventId: Type.String(),
    eventType: EventTypeField,
    postId: Type.Union([Type.String(), Type.Null()], {
      description: 'The post the event is about; null for account events and messages.',
    }),
    channel: Type.Union([Type.Literal('webhook'), Type.Literal('email')]),
    status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
    nextAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    attempts: Type.Array(AttemptSchema),
  },
  { $id: 'NotificationDelivery' },
);
