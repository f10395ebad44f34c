/**
 * The webhook deliveries a subscription receives (interface.md, Events), for the
 * OpenAPI document's `webhooks`: one entry per event type, each a POST of the same
 * signed JSON body. The payload is built by src/notifications/events.ts
 * (buildPayload); test/openapi-examples.test.ts checks a built payload and the
 * example against this schema.
 */
import { Type } from 'typebox';
import { ACCOUNT_EVENT_TYPES, ENGAGEMENT_EVENT_TYPES } from '../../notifications/account-events.ts';
import { EVENT_TYPES, PAYLOAD_VERSION } from '../../notifications/events.ts';
import { PLATFORMS } from '../../platforms/names.ts';
import { IDS, postExample } from '../examples.ts';
import { STATUSES } from '../posts/schemas.ts';
import { ACCOUNT_EVENT_MEANING, ACCOUNT_EVENT_SCHEMA_ID } from './account-webhook-events.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);
const Time = (description: string) => Nullable(Type.String({ format: 'date-time', description }));

const MediaItem = Type.Object(
  {
    type: Type.Enum(['image', 'video', 'gif', 'document']),
    url: Type.String({ format: 'uri' }),
    thumbnail: Nullable(Type.String({ format: 'uri', description: 'Only when the request gave one.' })),
    filename: Nullable(Type.String()),
    size: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'Bytes as the media server declared them when the post was created.',
    }),
    mimeType: Nullable(Type.String()),
  },
  // The contract allows more facts on video and normalized media (dimensions, duration, ...).
  { additionalProperties: true },
);

export const WebhookEventSchema = Type.Object(
  {
    version: Type.Literal(PAYLOAD_VERSION, { description: 'Webhook payload version.' }),
    id: Type.String({ description: 'Unique event id (also X-Service-Event-Id): the idempotency key.' }),
    type: Type.Union(
      EVENT_TYPES.map((t) => Type.Literal(t)),
      { description: 'Also X-Service-Event-Type.' },
    ),
    createdAt: Type.String({ format: 'date-time' }),
    projectId: Type.String(),
    profileId: Nullable(Type.String({ description: "The subscription's profile; null without one." })),
    data: Type.Object({
      post: Type.Object({
        id: Type.String({ description: 'The postId the create answered.' }),
        status: Type.Enum([...STATUSES], { description: 'Overall status of the post.' }),
        content: Type.String(),
        scheduledFor: Time('Null for a post published at once.'),
        publishedAt: Time('Earliest successful platform publication; null before one.'),
        mediaItems: Type.Array(MediaItem),
        links: Type.Object({
          service: Type.Optional(
            Type.String({
              format: 'uri',
              description: "The post's page in the dashboard, when there is one.",
            }),
          ),
          api: Type.String({ format: 'uri', description: 'GET /v1/posts/{postId} of this post.' }),
        }),
      }),
      platforms: Type.Array(
        Type.Object({
          platform: Type.Enum([...PLATFORMS]),
          integrationId: Type.String(),
          profileId: Nullable(Type.String()),
          status: Type.Enum([...STATUSES]),
          platformPostId: Nullable(Type.String()),
          platformPostUrl: Nullable(Type.String()),
          publishedAt: Time('When this target was published.'),
          errorMessage: Nullable(Type.String()),
          warningMessage: Nullable(Type.String()),
        }),
        { description: "The post's targets; with a subscription profileId, only that profile's." },
      ),
    }),
  },
  {
    $id: 'WebhookEvent',
    examples: [
      {
        version: PAYLOAD_VERSION,
        id: IDS.event,
        type: 'post.published',
        createdAt: '2026-11-30T08:00:04.390Z',
        projectId: 'proj_mwu7x1k0r4m8q2c6vb9nz3tw5dyh7',
        profileId: null,
        data: {
          post: {
            id: postExample.postId,
            status: 'published',
            content: postExample.content,
            scheduledFor: postExample.scheduledFor,
            publishedAt: postExample.platforms[0]?.publishedAt ?? null,
            mediaItems: postExample.mediaItems.map((m) => ({ ...m, thumbnail: null })),
            links: { api: `https://api.acme.example/v1/posts/${postExample.postId}` },
          },
          platforms: postExample.platforms.map((p) => ({
            platform: p.platform,
            integrationId: p.integrationId,
            profileId: IDS.profile,
            status: p.status,
            platformPostId: p.platformPostId,
            platformPostUrl: p.platformPostUrl,
            publishedAt: p.publishedAt,
            errorMessage: null,
            warningMessage: null,
          })),
        },
      },
    ],
  },
);

const MEANING: Record<(typeof EVENT_TYPES)[number], string> = {
  'post.scheduled': 'A post was accepted for future publication (not sent for posts published at once).',
  'post.published': 'Every platform target published successfully without warnings.',
  'post.partial': 'At least one platform failed or returned a warning.',
  'post.failed': 'Every platform target failed.',
  'post.approval_requested':
    'A post awaits approval (status pending): created or edited by a contributor, or by anyone where approval is required for everyone.',
  'post.approved':
    'A post awaiting approval was approved: it is scheduled, or publishing now when its time had passed.',
  'post.rejected':
    'Changes were requested on a post awaiting approval: it is a draft again (the note is in GET /v1/posts/{postId}/notes).',
};

const header = (name: string, description: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

const DELIVERY =
  'A POST to the subscription\'s webhook url. Verify it: HMAC-SHA256 of "<X-Service-Timestamp>.<raw body>" keyed with ' +
  'the subscription secret, hex, compared in constant time with X-Service-Signature after `sha256=`; reject old ' +
  'timestamps (five minutes). Answer 2xx within 10 seconds; otherwise it is tried again (at most 3 attempts), so ' +
  'use `id` to drop repeats.';

const delivery = (type: string, summary: string, schemaId: string) => ({
  post: {
    summary,
    description: DELIVERY,
    tags: ['notifications'],
    parameters: [
      header('X-Service-Event-Id', 'The event id, as `id` in the body.'),
      header('X-Service-Event-Type', `\`${type}\`.`),
      header('X-Service-Timestamp', 'Unix time in seconds, part of the signed string.'),
      header('X-Service-Signature', '`sha256=` and the lowercase hex HMAC-SHA256 digest.'),
    ],
    requestBody: {
      required: true,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaId}` } } },
    },
    responses: { '200': { description: 'Any 2xx answer marks the delivery successful.' } },
  },
});

/**
 * The OpenAPI `webhooks` object: one entry per event type, the four post events
 * first, then the account and engagement events (sent only to subscriptions that
 * select them).
 */
export const webhookDocs = Object.fromEntries([
  ...EVENT_TYPES.map((type) => [type, delivery(type, MEANING[type], 'WebhookEvent')]),
  ...([...ACCOUNT_EVENT_TYPES, ...ENGAGEMENT_EVENT_TYPES] as const).map((type) => [
    type,
    delivery(type, ACCOUNT_EVENT_MEANING[type], ACCOUNT_EVENT_SCHEMA_ID[type]),
  ]),
]);
